import { CALENDAR_MESSAGES } from '@carecircle/libs';
import type { Decider, DomainCommand } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import { evolveCalendarFeed, initialCalendarFeed, type CalendarFeed, type CalendarFeedEvent } from './calendar-feed';

export type CalendarFeedCommand =
  | DomainCommand<'CreateCalendarFeedLink', { userId: string; tokenHash: string; includeMedications: boolean }>
  | DomainCommand<'RevokeCalendarFeedLink', { userId: string }>;

const invalid = invalidInput('CALENDAR.INVALID');

/** A new link always replaces the old one (rotation); stopping needs a link to stop. */
export function decideCalendarFeed(command: CalendarFeedCommand, state: CalendarFeed): CalendarFeedEvent[] {
  const at = command.metadata.occurredAt;
  switch (command.type) {
    case 'CreateCalendarFeedLink': {
      const { userId, tokenHash, includeMedications } = command.data;
      if (!/^[0-9a-f]{64}$/.test(tokenHash)) throw invalid('tokenHash', 'tokenHash must be a SHA-256 in hex');
      if (typeof includeMedications !== 'boolean') throw invalid('includeMedications', CALENDAR_MESSAGES.includeMedicationsInvalid);
      return [{ type: 'CalendarFeedLinkCreated', data: { userId, tokenHash, includeMedications, createdAt: at } }];
    }
    case 'RevokeCalendarFeedLink':
      if (state.tokenHash === null) throw new DomainError('CALENDAR.NO_FEED', 'not_found', CALENDAR_MESSAGES.noFeed);
      return [{ type: 'CalendarFeedLinkRevoked', data: { userId: command.data.userId, revokedAt: at } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const calendarFeedDecider: Decider<CalendarFeedCommand, CalendarFeedEvent, CalendarFeed> = {
  decide: decideCalendarFeed,
  evolve: evolveCalendarFeed,
  initialState: initialCalendarFeed,
};
