import { deciderSpec } from '../../../../test-support/decider-spec';
import type { PushSubscriptionEvent } from './push-subscriptions';
import { base64UrlBytes, PUSH_LIMITS, PUSH_TEXT, pushSubscriptionsDecider, type PushSubscriptionCommand } from './push-subscriptions.decide';

const at = '2026-11-27T08:00:00.000Z';
const later = '2026-11-27T09:00:00.000Z';
const metadata = (occurredAt = at) => ({ actorId: 'user-1', correlationId: 'c1', occurredAt });
const spec = deciderSpec(pushSubscriptionsDecider);
const userId = 'user-1';

// A real browser key shape: 0x04 then 64 bytes; 16 bytes of auth.
const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const auth = Buffer.alloc(16, 9).toString('base64url');
const endpoint = (n = 1) => `https://fcm.googleapis.com/fcm/send/device-${n}`;
const browser = (n = 1, extra: object = {}) => ({ endpoint: endpoint(n), expirationTime: null, keys: { p256dh, auth }, ...extra });
const details = (n = 1) => ({ endpoint: endpoint(n), p256dh, auth, expirationTime: null });

const subscribed = (n = 1, subscriptionId = `s-${n}`, subscribedAt = at): PushSubscriptionEvent => ({
  type: 'PushSubscribed',
  data: { userId, subscriptionId, ...details(n), subscribedAt },
});
const subscribe = (subscription: object, subscriptionId = 's-1', occurredAt = at): PushSubscriptionCommand => ({
  type: 'SubscribePush',
  userId,
  data: { subscriptionId, subscription: subscription as never },
  metadata: metadata(occurredAt),
});
const unsubscribe = (url = endpoint(1)): PushSubscriptionCommand => ({ type: 'UnsubscribePush', userId, data: { endpoint: url }, metadata: metadata(later) });
const expire = (subscriptionId = 's-1', statusCode = 410): PushSubscriptionCommand => ({
  type: 'ExpirePushSubscription',
  userId,
  data: { subscriptionId, statusCode },
  metadata: metadata(later),
});

describe('push subscriptions decider', () => {
  describe('SubscribePush', () => {
    it("records the browser's subscription with the command's id and time", () => {
      spec.given([]).when(subscribe(browser())).then([subscribed()]);
    });

    it('keeps the expiration time as an ISO time; strips base64 padding from the keys', () => {
      spec
        .given([])
        .when(subscribe(browser(1, { expirationTime: Date.UTC(2027, 0, 1), keys: { p256dh: `${p256dh}=`, auth: `${auth}==` } })))
        .then([{ type: 'PushSubscribed', data: { userId, subscriptionId: 's-1', ...details(), expirationTime: '2027-01-01T00:00:00.000Z', subscribedAt: at } }]);
    });

    it('records nothing for the same endpoint and keys again (Enable pressed on a browser already subscribed)', () => {
      spec.given([subscribed()]).when(subscribe(browser(), 's-new')).then([]);
    });

    it('subscribes the same endpoint again, under its first id, when the browser has new keys', () => {
      const newAuth = Buffer.alloc(16, 1).toString('base64url');
      spec
        .given([subscribed()])
        .when(subscribe(browser(1, { keys: { p256dh, auth: newAuth } }), 's-new', later))
        .then([{ type: 'PushSubscribed', data: { userId, subscriptionId: 's-1', ...details(), auth: newAuth, subscribedAt: later } }]);
    });

    it(`replaces the oldest subscription past ${PUSH_LIMITS.subscriptionsPerUser}; ended ones do not count`, () => {
      const full = Array.from({ length: PUSH_LIMITS.subscriptionsPerUser }, (_, i) => subscribed(i + 1));
      spec
        .given(full)
        .when(subscribe(browser(99), 's-99', later))
        .then([
          { type: 'PushUnsubscribed', data: { userId, subscriptionId: 's-1', reason: 'replaced', unsubscribedAt: later } },
          { ...subscribed(99, 's-99', later) },
        ]);
      spec
        .given([...full, { type: 'PushSubscriptionExpired', data: { userId, subscriptionId: 's-3', statusCode: 410, expiredAt: at } }])
        .when(subscribe(browser(99), 's-99', later))
        .then([subscribed(99, 's-99', later)]);
    });

    const long = `https://push.example.com/${'x'.repeat(PUSH_LIMITS.endpointMaxLength)}`;
    it.each([
      [{ endpoint: 'http://fcm.googleapis.com/fcm/send/1', keys: { p256dh, auth } }, 'endpoint', PUSH_TEXT.endpoint],
      [{ endpoint: 'ftp://push.example.com/1', keys: { p256dh, auth } }, 'endpoint', PUSH_TEXT.endpoint],
      [{ endpoint: 'not a url', keys: { p256dh, auth } }, 'endpoint', PUSH_TEXT.endpoint],
      [{ endpoint: 'https://user:secret@push.example.com/1', keys: { p256dh, auth } }, 'endpoint', PUSH_TEXT.endpoint],
      [{ endpoint: 'HTTPS://PUSH.EXAMPLE.COM/1', keys: { p256dh, auth } }, 'endpoint', PUSH_TEXT.endpoint],
      [{ endpoint: '', keys: { p256dh, auth } }, 'endpoint', PUSH_TEXT.endpoint],
      [{ endpoint: 42, keys: { p256dh, auth } }, 'endpoint', PUSH_TEXT.endpoint],
      [{ endpoint: long, keys: { p256dh, auth } }, 'endpoint', PUSH_TEXT.endpointTooLong],
      [{ endpoint: endpoint(), keys: { auth } }, 'keys.p256dh', PUSH_TEXT.p256dh],
      [{ endpoint: endpoint() }, 'keys.p256dh', PUSH_TEXT.p256dh],
      [{ endpoint: endpoint(), keys: { p256dh: p256dh.slice(0, -2), auth } }, 'keys.p256dh', PUSH_TEXT.p256dh],
      [{ endpoint: endpoint(), keys: { p256dh: `${p256dh}AA`, auth } }, 'keys.p256dh', PUSH_TEXT.p256dh],
      [{ endpoint: endpoint(), keys: { p256dh: Buffer.concat([Buffer.from([2]), Buffer.alloc(64, 7)]).toString('base64url'), auth } }, 'keys.p256dh', PUSH_TEXT.p256dh],
      [{ endpoint: endpoint(), keys: { p256dh: p256dh.replace(/_|-/g, '+').replace(/^B/, '+'), auth } }, 'keys.p256dh', PUSH_TEXT.p256dh],
      [{ endpoint: endpoint(), keys: { p256dh: 'x'.repeat(10_000), auth } }, 'keys.p256dh', PUSH_TEXT.p256dh],
      [{ endpoint: endpoint(), keys: { p256dh, auth: Buffer.alloc(15).toString('base64url') } }, 'keys.auth', PUSH_TEXT.auth],
      [{ endpoint: endpoint(), keys: { p256dh, auth: Buffer.alloc(17).toString('base64url') } }, 'keys.auth', PUSH_TEXT.auth],
      [{ endpoint: endpoint(), keys: { p256dh, auth: 16 } }, 'keys.auth', PUSH_TEXT.auth],
      [{ endpoint: endpoint(), keys: { p256dh, auth }, expirationTime: -1e15 }, 'expirationTime', PUSH_TEXT.expirationTime],
      [{ endpoint: endpoint(), keys: { p256dh, auth }, expirationTime: Date.UTC(2101, 0, 1) }, 'expirationTime', PUSH_TEXT.expirationTime],
      [{ endpoint: endpoint(), keys: { p256dh, auth }, expirationTime: '2027-01-01' }, 'expirationTime', PUSH_TEXT.expirationTime],
    ])('refuses %#: a 400 naming %s', (input, field, message) => {
      spec.given([]).when(subscribe(input)).thenThrows('PUSH.INVALID', message);
      expect(() => pushSubscriptionsDecider.decide(subscribe(input), pushSubscriptionsDecider.initialState())).toThrow(
        expect.objectContaining({ errors: [{ field, message }] }),
      );
    });
  });

  describe('UnsubscribePush', () => {
    it("ends the user's own subscription with that endpoint", () => {
      spec.given([subscribed(), subscribed(2)]).when(unsubscribe()).then([{ type: 'PushUnsubscribed', data: { userId, subscriptionId: 's-1', reason: 'user', unsubscribedAt: later } }]);
    });

    it('records nothing for an endpoint the user has not subscribed, or has already ended', () => {
      spec.given([subscribed()]).when(unsubscribe(endpoint(2))).then([]);
      spec.given([subscribed(), { type: 'PushUnsubscribed', data: { userId, subscriptionId: 's-1', reason: 'user', unsubscribedAt: at } }]).when(unsubscribe()).then([]);
    });
  });

  describe('ExpirePushSubscription', () => {
    it('ends a subscription the push service answered 404 or 410 for', () => {
      spec.given([subscribed()]).when(expire('s-1', 410)).then([{ type: 'PushSubscriptionExpired', data: { userId, subscriptionId: 's-1', statusCode: 410, expiredAt: later } }]);
      spec.given([subscribed()]).when(expire('s-1', 404)).then([{ type: 'PushSubscriptionExpired', data: { userId, subscriptionId: 's-1', statusCode: 404, expiredAt: later } }]);
    });

    it('records nothing for a subscription already ended (two sends failing at once)', () => {
      spec.given([subscribed(), { type: 'PushSubscriptionExpired', data: { userId, subscriptionId: 's-1', statusCode: 410, expiredAt: at } }]).when(expire()).then([]);
      spec.given([]).when(expire()).then([]);
    });

    it('refuses any other status: a 500 or 429 is a passing trouble, not a dead subscription', () => {
      spec.given([subscribed()]).when(expire('s-1', 500)).thenThrows('PUSH.NOT_EXPIRED');
    });
  });

  it('replaying the stream twice gives the same state; a renewed subscription keeps its first time', () => {
    const events: PushSubscriptionEvent[] = [
      subscribed(),
      subscribed(2),
      { type: 'PushSubscribed', data: { userId, subscriptionId: 's-1', ...details(), auth: Buffer.alloc(16, 2).toString('base64url'), subscribedAt: later } },
      { type: 'PushUnsubscribed', data: { userId, subscriptionId: 's-2', reason: 'user', unsubscribedAt: later } },
    ];
    const replay = () => events.reduce(pushSubscriptionsDecider.evolve, pushSubscriptionsDecider.initialState());
    expect(replay()).toEqual(replay());
    expect(Object.keys(replay().active)).toEqual(['s-1']);
    expect(replay().active['s-1'].subscribedAt).toBe(at);
  });

  it('decodes base64url as Buffer does', () => {
    for (const length of [1, 2, 3, 16, 65]) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + 11) & 0xff));
      expect(base64UrlBytes(bytes.toString('base64url'))).toEqual([...bytes]);
    }
    expect(base64UrlBytes('a+b/')).toBeNull();
    expect(base64UrlBytes('abcde')).toBeNull();
    expect(base64UrlBytes('')).toBeNull();
  });
});
