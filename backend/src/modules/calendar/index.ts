/** Calendar's public surface: other modules use only what is exported here. */
import { CalendarFeedEntity } from './read-models/calendar-feeds/calendar-feeds.entity';
import { CalendarIntegrationEntity } from './read-models/calendar-integrations/calendar-integrations.entity';
import { GoogleCalendarEventEntity } from './read-models/google-calendar-events/google-calendar-events.entity';

export { CalendarModule } from './calendar.module';
export type { CalendarFeedEvent } from './domain/calendar-feed';
export type { GoogleCalendarEvent } from './domain/google-calendar';
export const CalendarEntities = [CalendarFeedEntity, CalendarIntegrationEntity, GoogleCalendarEventEntity];
