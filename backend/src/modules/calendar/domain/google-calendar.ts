/**
 * A user's Google Calendar connection (docs/calendar.md). One stream per user. The tokens are personal
 * data under the user's key (google-calendar.personal-data.ts): stored encrypted, shredded with the
 * account. `synced` is which of the user's appointments have an event in their Google calendar
 * (its id, `googleCalendarEventId`, is derived from the user and the task, so a retried insert finds it).
 */
export interface SyncedEvent {
  googleCalendarEventId: string;
  /** What the event was written from (summary, times, place): unchanged means nothing to send. */
  fingerprint: string;
  /** The appointment's date (yyyy-mm-dd): one that leaves the sync window is forgotten, not deleted. */
  date: string;
  /** The appointment's recipient (absent in events recorded before 2026-11-29). */
  childId?: string;
}

export type GoogleCalendarEvent =
  | {
      type: 'GoogleCalendarConnected';
      data: { userId: string; googleCalendarId: string; accessToken: string; refreshToken: string; expiresAt: string | null; connectedAt: string };
    }
  | { type: 'GoogleCalendarTokensRefreshed'; data: { userId: string; accessToken: string; expiresAt: string | null; refreshedAt: string } }
  | {
      type: 'GoogleCalendarSynced';
      data: { userId: string; upserted: ({ taskId: string } & SyncedEvent)[]; deleted: string[]; forgotten: string[]; syncedAt: string };
    }
  /** Google answered invalid_grant: the refresh token no longer works (withdrawn at Google). Connect again. */
  | { type: 'GoogleCalendarAccessRefused'; data: { userId: string; refusedAt: string } }
  | { type: 'GoogleCalendarDisconnected'; data: { userId: string; disconnectedAt: string } };

export interface GoogleCalendarConnection {
  /** `refused`: Google no longer takes these tokens; nothing is sent until the user connects again. */
  connection: { googleCalendarId: string; accessToken: string; refreshToken: string; expiresAt: string | null; refused: boolean } | null;
  synced: Record<string, SyncedEvent>;
}

export const googleCalendarStream = (userId: string): string => `google-calendar-${userId}`;

export const initialGoogleCalendar = (): GoogleCalendarConnection => ({ connection: null, synced: {} });

export function evolveGoogleCalendar(state: GoogleCalendarConnection, event: GoogleCalendarEvent): GoogleCalendarConnection {
  switch (event.type) {
    case 'GoogleCalendarConnected': {
      const { googleCalendarId, accessToken, refreshToken, expiresAt } = event.data;
      // A reconnect keeps `synced`: the events already in Google are found again, not made twice.
      return { ...state, connection: { googleCalendarId, accessToken, refreshToken, expiresAt, refused: false } };
    }
    case 'GoogleCalendarTokensRefreshed':
      return state.connection ? { ...state, connection: { ...state.connection, accessToken: event.data.accessToken, expiresAt: event.data.expiresAt } } : state;
    case 'GoogleCalendarSynced': {
      const synced = { ...state.synced };
      for (const { taskId, ...rest } of event.data.upserted) synced[taskId] = rest;
      for (const taskId of [...event.data.deleted, ...event.data.forgotten]) delete synced[taskId];
      return { ...state, synced };
    }
    case 'GoogleCalendarAccessRefused':
      return state.connection ? { ...state, connection: { ...state.connection, refused: true } } : state;
    case 'GoogleCalendarDisconnected':
      // The events already in Google stay there; a new connection starts a fresh record.
      return initialGoogleCalendar();
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
