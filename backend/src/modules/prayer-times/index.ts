/** Prayer times' public surface: other modules use only what is exported here. */
export { PrayerTimesModule } from './prayer-times.module';
