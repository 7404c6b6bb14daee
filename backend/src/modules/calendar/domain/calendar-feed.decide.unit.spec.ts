import { CALENDAR_MESSAGES } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { CalendarFeedEvent } from './calendar-feed';
import { calendarFeedDecider } from './calendar-feed.decide';

const metadata = { actorId: 'u1', correlationId: 'c1', occurredAt: '2026-11-28T12:00:00.000Z' };
const hashA = 'a'.repeat(64);
const hashB = 'b'.repeat(64);
const created = (tokenHash: string, includeMedications = false): CalendarFeedEvent => ({
  type: 'CalendarFeedLinkCreated',
  data: { userId: 'u1', tokenHash, includeMedications, createdAt: metadata.occurredAt },
});
const create = (tokenHash: string, includeMedications: unknown = false) =>
  ({ type: 'CreateCalendarFeedLink', data: { userId: 'u1', tokenHash, includeMedications: includeMedications as boolean }, metadata }) as const;
const revoke = { type: 'RevokeCalendarFeedLink', data: { userId: 'u1' }, metadata } as const;
const revoked: CalendarFeedEvent = { type: 'CalendarFeedLinkRevoked', data: { userId: 'u1', revokedAt: metadata.occurredAt } };

describe('calendar feed link decider', () => {
  const spec = deciderSpec(calendarFeedDecider);

  it('creates a link with the hash and the medication choice', () => {
    spec.given([]).when(create(hashA, true)).then([created(hashA, true)]);
  });

  it('a new link replaces the one before (rotation), also after a revoke', () => {
    spec.given([created(hashA)]).when(create(hashB)).then([created(hashB)]);
    spec.given([created(hashA), revoked]).when(create(hashB)).then([created(hashB)]);
  });

  it('refuses a value that is not a hash, and a medication choice that is not a boolean', () => {
    spec.given([]).when(create('secret-token')).thenThrows('CALENDAR.INVALID');
    spec.given([]).when(create(hashA, 'yes')).thenThrows('CALENDAR.INVALID', CALENDAR_MESSAGES.includeMedicationsInvalid);
  });

  it('stops the link that works; with none there is nothing to stop', () => {
    spec.given([created(hashA)]).when(revoke).then([revoked]);
    spec.given([]).when(revoke).thenThrows('CALENDAR.NO_FEED', CALENDAR_MESSAGES.noFeed);
    spec.given([created(hashA), revoked]).when(revoke).thenThrows('CALENDAR.NO_FEED');
  });
});
