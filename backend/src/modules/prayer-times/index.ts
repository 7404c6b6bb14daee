/** Prayer times' public surface: other modules use only what is exported here. */
export { PrayerTimesModule } from './prayer-times.module';
/** The prayer-tasks job's core (tests and operations run a sweep at a chosen instant). */
export { PrayerTasksJob } from './workers/prayer-tasks.job';
