/** Live updates' public surface. */
export { LiveUpdatesModule } from './live-updates.module';
