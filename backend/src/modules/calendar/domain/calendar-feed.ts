/**
 * A user's iCal feed link (docs/calendar.md). One stream per user; the secret itself is never
 * recorded, only its SHA-256, so the events (and the read model) give no usable link.
 */
export type CalendarFeedEvent =
  | { type: 'CalendarFeedLinkCreated'; data: { userId: string; tokenHash: string; includeMedications: boolean; createdAt: string } }
  | { type: 'CalendarFeedLinkRevoked'; data: { userId: string; revokedAt: string } };

export interface CalendarFeed {
  /** The hash of the link that works now, or null when there is none. */
  tokenHash: string | null;
}

export const calendarFeedStream = (userId: string): string => `calendar-feed-${userId}`;

export const initialCalendarFeed = (): CalendarFeed => ({ tokenHash: null });

export function evolveCalendarFeed(state: CalendarFeed, event: CalendarFeedEvent): CalendarFeed {
  switch (event.type) {
    case 'CalendarFeedLinkCreated':
      return { tokenHash: event.data.tokenHash };
    case 'CalendarFeedLinkRevoked':
      return { tokenHash: null };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
