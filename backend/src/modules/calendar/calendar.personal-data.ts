import { ERASED, type PersonalDataDeclaration } from '../../platform/privacy/personal-data';
import type { GoogleCalendarEvent } from './domain/google-calendar';

/**
 * Google tokens are secrets of the user: encrypted under the user's key in the event store, so
 * deleting the account shreds them (docs/privacy.md). The feed link's hash is not personal data.
 */
export const calendarPersonalData: PersonalDataDeclaration<GoogleCalendarEvent> = {
  GoogleCalendarConnected: { subject: 'userId', fields: { accessToken: ERASED, refreshToken: ERASED } },
  GoogleCalendarTokensRefreshed: { subject: 'userId', fields: { accessToken: ERASED } },
};
