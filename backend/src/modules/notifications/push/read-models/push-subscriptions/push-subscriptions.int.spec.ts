import { useProjectionHarness } from '../../../../../test-support/projection-harness';
import { PushSubscriptionsProjection } from './push-subscriptions.projection';
import { PushSubscriptionsQuery } from './push-subscriptions.query';

describe('push subscriptions read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new PushSubscriptionsProjection();
  const user = '10000000-0000-4000-8000-000000000001';
  const otherUser = '10000000-0000-4000-8000-000000000002';
  const sub = (n: number) => `40000000-0000-4000-8000-00000000000${n}`;
  const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
  const auth = Buffer.alloc(16, 9).toString('base64url');

  const subscribed = (userId: string, subscriptionId: string, endpoint: string, subscribedAt: string, extra: object = {}) =>
    h.record(`push-subscriptions-${userId}`, { type: 'PushSubscribed', data: { userId, subscriptionId, endpoint, p256dh, auth, expirationTime: null, subscribedAt, ...extra } });
  const endpoints = async (userId: string) => (await new PushSubscriptionsQuery(h.orm.em).ofUser(userId)).map((s) => s.endpoint);

  it("lists a user's subscriptions oldest first, with what the sender needs; only that user's", async () => {
    await h.apply(projection, [
      subscribed(user, sub(1), 'https://push.example.com/b', '2026-11-02T10:00:00Z'),
      subscribed(user, sub(2), 'https://push.example.com/a', '2026-11-01T10:00:00Z', { expirationTime: '2027-01-01T00:00:00.000Z' }),
      // The same endpoint under another user is that user's own row.
      subscribed(otherUser, sub(3), 'https://push.example.com/a', '2026-11-03T10:00:00Z'),
    ]);
    expect(await endpoints(user)).toEqual(['https://push.example.com/a', 'https://push.example.com/b']);
    expect(await endpoints(otherUser)).toEqual(['https://push.example.com/a']);
    expect((await new PushSubscriptionsQuery(h.orm.em).ofUser(user))[1]).toEqual({ id: sub(1), userId: user, endpoint: 'https://push.example.com/b', p256dh, auth });
    const [row] = (await h.rows('push_subscriptions')).filter((r) => r.id === sub(2));
    expect(row).toMatchObject({ user_id: user, expiration_time: '2027-01-01 00:00:00+00' });
  });

  it('a renewed subscription takes the new keys and keeps its first time', async () => {
    const newAuth = Buffer.alloc(16, 1).toString('base64url');
    await h.apply(projection, [subscribed(user, sub(1), 'https://push.example.com/b', '2026-11-05T10:00:00Z', { auth: newAuth })]);
    const [row] = (await h.rows('push_subscriptions')).filter((r) => r.id === sub(1));
    expect(row).toMatchObject({ auth: newAuth, created_at: '2026-11-02 10:00:00+00', updated_at: '2026-11-05 10:00:00+00' });
  });

  it('an unsubscribed or expired subscription leaves; applying the same events again changes nothing', async () => {
    await h.apply(projection, [
      h.record(`push-subscriptions-${user}`, { type: 'PushUnsubscribed', data: { userId: user, subscriptionId: sub(2), reason: 'user', unsubscribedAt: '2026-11-06T10:00:00Z' } }),
    ]);
    expect(await endpoints(user)).toEqual(['https://push.example.com/b']);
    await h.apply(projection, [
      h.record(`push-subscriptions-${user}`, { type: 'PushSubscriptionExpired', data: { userId: user, subscriptionId: sub(1), statusCode: 410, expiredAt: '2026-11-06T11:00:00Z' } }),
    ]);
    expect(await endpoints(user)).toEqual([]);
    const before = await h.rows('push_subscriptions');
    await h.apply(projection, [
      h.record(`push-subscriptions-${user}`, { type: 'PushSubscriptionExpired', data: { userId: user, subscriptionId: sub(1), statusCode: 410, expiredAt: '2026-11-06T11:00:00Z' } }),
      subscribed(otherUser, sub(3), 'https://push.example.com/a', '2026-11-03T10:00:00Z'),
    ]);
    expect(await h.rows('push_subscriptions')).toEqual(before);
  });

  it("an erased account (UserErased) takes its subscriptions with it, and only those", async () => {
    await h.apply(projection, [subscribed(user, sub(4), 'https://push.example.com/c', '2026-11-07T10:00:00Z')]);
    await h.apply(projection, [h.record(`user-${user}`, { type: 'UserErased', data: { userId: user, erasedAt: '2026-11-08T10:00:00Z' } })]);
    expect(await endpoints(user)).toEqual([]);
    expect(await endpoints(otherUser)).toEqual(['https://push.example.com/a']);
  });
});
