/** Uploads' public surface. */
export { UploadsModule } from './uploads.module';
