/** Calendar's public surface: other modules use only what is exported here. */
import { CalendarFeedEntity } from './read-models/calendar-feeds/calendar-feeds.entity';

export { CalendarModule } from './calendar.module';
export type { CalendarFeedEvent } from './domain/calendar-feed';
export const CalendarEntities = [CalendarFeedEntity];
