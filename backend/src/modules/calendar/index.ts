/** Calendar's public surface: other modules use only what is exported here. */
export { CalendarModule } from './calendar.module';
