import { deciderSpec } from '../../../test-support/decider-spec';
import { notificationDecider, type NotificationCommand } from './notification';

describe('notification decider', () => {
  const spec = deciderSpec(notificationDecider);
  const metadata = { actorId: 'u1', correlationId: 'c1', occurredAt: '2026-11-21T10:00:00.000Z' };
  const markRead: NotificationCommand = { type: 'MarkNotificationRead', data: { notificationId: 'n1', userId: 'u1' }, metadata };
  const read = { type: 'NotificationRead' as const, data: { notificationId: 'n1', userId: 'u1', readAt: '2026-11-21T10:00:00.000Z' } };

  it('given an unread notification, when marked read, then it is read', () => {
    spec.given([]).when(markRead).then([read]);
  });

  it('given a read notification, when marked read again, then nothing is recorded', () => {
    spec.given([read]).when(markRead).then([]);
  });

  const markAll = (upTo: string): NotificationCommand => ({ type: 'MarkAllNotificationsRead', data: { userId: 'u1', upTo }, metadata });
  const allRead = (upTo: string) => ({ type: 'AllNotificationsRead' as const, data: { userId: 'u1', upTo, readAt: '2026-11-21T10:00:00.000Z' } });

  it('marks all read up to the newest; again with nothing newer records nothing; a newer one records again', () => {
    spec.given([]).when(markAll('2026-11-21T09:00:00.000Z')).then([allRead('2026-11-21T09:00:00.000Z')]);
    spec.given([allRead('2026-11-21T09:00:00.000Z')]).when(markAll('2026-11-21T09:00:00.000Z')).then([]);
    spec.given([allRead('2026-11-21T09:00:00.000Z')]).when(markAll('2026-11-21T08:00:00.000Z')).then([]);
    spec.given([allRead('2026-11-21T09:00:00.000Z')]).when(markAll('2026-11-21T09:30:00.000Z')).then([allRead('2026-11-21T09:30:00.000Z')]);
  });
});
