import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type TestAgent from 'supertest/lib/agent';
import type { Pool } from 'pg';
import type { User } from '@carecircle/libs';
import { PG_POOL } from '../../../platform/database/database.tokens';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store';
import { makeBrowserKeys, makeSelfSignedCertificate, startPushReceiver, type PushReceiver, type TestBrowserKeys } from '../../../test-support/push-receiver';
import { startTestApp, useTestApp, type TestApp } from '../../../test-support/test-app';
import { NO_SUBSCRIPTION, TEST_PUSH } from './commands/send-test-push/send-test-push.handler';
import { PUSH_ADDRESS_TEXT } from './delivery/public-address';
import { PUSH_LIMITS, PUSH_TEXT } from './domain/push-subscriptions.decide';
import { PushNotifier } from './index';

/**
 * Web push over HTTP (issue 12; docs/notifications.md, Push). The app runs with
 * PUSH_ALLOW_LOOPBACK=true and trusts a self-signed certificate made here (NODE_EXTRA_CA_CERTS), so
 * the real `web-push` library sends to a local HTTPS receiver that decrypts each payload with the
 * test browser's own keys and checks the VAPID signature. A second app without the flag shows that
 * loopback endpoints are refused, by address and by a name that resolves to one.
 */
describe('web push over HTTP', () => {
  let t: TestApp;
  let receiver: PushReceiver;
  let certDir: string;
  const as: Record<'owner' | 'other' | 'anonymous', TestAgent> = {} as never;
  let owner: User;
  let other: User;

  const events = () => t.eventCount();
  const rows = async (userId?: string) =>
    (
      await t.app.get<Pool>(PG_POOL).query<{ id: string; user_id: string; endpoint: string; auth: string }>(
        `SELECT id, user_id, endpoint, auth FROM push_subscriptions ${userId ? 'WHERE user_id = $1' : ''} ORDER BY created_at, id`,
        userId ? [userId] : [],
      )
    ).rows;
  const subscription = (path: string, browser: TestBrowserKeys = makeBrowserKeys()) => ({ endpoint: receiver.endpoint(path, browser), expirationTime: null, keys: browser.keys });

  beforeAll(async () => {
    certDir = mkdtempSync(join(tmpdir(), 'carecircle-push-e2e-'));
    const certificate = makeSelfSignedCertificate(certDir);
    receiver = await startPushReceiver(certificate);
    t = await startTestApp({ PUSH_ALLOW_LOOPBACK: 'true', NODE_EXTRA_CA_CERTS: certificate.certFile, VAPID_SUBJECT: 'mailto:push-test@example.org' });
    ({ agent: as.owner, user: owner } = await t.signUp({ firstName: 'Olivia', lastName: 'Owner' }));
    ({ agent: as.other, user: other } = await t.signUp({ firstName: 'Otto', lastName: 'Other' }));
    as.anonymous = t.agent();
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
    rmSync(certDir, { recursive: true, force: true });
  });

  describe('GET /api/notifications/vapid-key', () => {
    it('answers one stored public key (65 bytes, uncompressed P-256) to every user; 401 anonymous', async () => {
      const { publicKey } = (await as.owner.get('/api/notifications/vapid-key').expect(200)).body;
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
      expect((await as.other.get('/api/notifications/vapid-key').expect(200)).body).toEqual({ publicKey });
      const { rows: stored } = await t.app.get<Pool>(PG_POOL).query(`SELECT value FROM app_secrets WHERE name = 'vapid_keys'`);
      expect(JSON.parse(stored[0].value).publicKey).toBe(publicKey);
      const anonymous = await as.anonymous.get('/api/notifications/vapid-key').expect(401);
      expect(anonymous.body.publicKey).toBeUndefined();
    });
  });

  describe('POST /api/notifications/subscribe and unsubscribe', () => {
    it('201 for a new subscription, 200 for the same one again; unsubscribe 204 removes only it', async () => {
      const mine = subscription('/owner-phone');
      const created = await as.owner.post('/api/notifications/subscribe').send(mine).expect(201);
      expect(created.body).toEqual({ id: expect.any(String) });
      expect((await as.owner.post('/api/notifications/subscribe').send(mine).expect(200)).body).toEqual(created.body);
      expect(await rows(owner.id)).toEqual([{ id: created.body.id, user_id: owner.id, endpoint: mine.endpoint, auth: mine.keys.auth }]);

      // The endpoint and keys are encrypted in the event store (docs/privacy.md); the read model holds them for the sender.
      const { rows: raw } = await t.app.get<Pool>(PG_POOL).query(`SELECT data::text AS data FROM es_events WHERE type = 'PushSubscribed'`);
      expect(raw.map((r) => r.data).join()).not.toContain(mine.endpoint);
      expect(raw.map((r) => r.data).join()).not.toContain(mine.keys.auth);

      await as.owner.post('/api/notifications/unsubscribe').send(mine).expect(204);
      expect(await rows(owner.id)).toEqual([]);
      // Again: nothing to end, nothing recorded.
      const before = await events();
      await as.owner.post('/api/notifications/unsubscribe').send(mine).expect(204);
      expect(await events()).toBe(before);
    });

    it('401 anonymous, and nothing is recorded', async () => {
      const before = await events();
      await as.anonymous.post('/api/notifications/subscribe').send(subscription('/anonymous')).expect(401);
      await as.anonymous.post('/api/notifications/unsubscribe').send(subscription('/anonymous')).expect(401);
      await as.anonymous.post('/api/notifications/test-with-image').expect(401);
      expect(await events()).toBe(before);
    });

    it("another user with the same endpoint gets a subscription of their own: they neither take over nor remove the first user's", async () => {
      const browser = makeBrowserKeys();
      const shared = subscription('/shared-device', browser);
      await as.owner.post('/api/notifications/subscribe').send(shared).expect(201);
      const theirs = { ...shared, keys: makeBrowserKeys().keys };
      await as.other.post('/api/notifications/subscribe').send(theirs).expect(201);
      expect((await rows(owner.id)).map((r) => r.auth)).toEqual([browser.keys.auth]);
      await as.other.post('/api/notifications/unsubscribe').send(shared).expect(204);
      expect(await rows(other.id)).toEqual([]);
      expect((await rows(owner.id)).map((r) => [r.endpoint, r.auth])).toEqual([[shared.endpoint, browser.keys.auth]]);
      await as.owner.post('/api/notifications/unsubscribe').send(shared).expect(204);
    });

    it(`keeps at most ${PUSH_LIMITS.subscriptionsPerUser} per user: a new one replaces the oldest`, async () => {
      const { user, agent } = await t.signUp();
      const endpoints: string[] = [];
      for (let i = 0; i <= PUSH_LIMITS.subscriptionsPerUser; i++) {
        const body = subscription(`/many-${user.id}-${i}`);
        endpoints.push(body.endpoint);
        await agent.post('/api/notifications/subscribe').send(body).expect(201);
      }
      expect((await rows(user.id)).map((r) => r.endpoint).sort()).toEqual(endpoints.slice(1).sort());
    });

    const key65 = (first: number) => Buffer.concat([Buffer.from([first]), Buffer.alloc(64, 7)]).toString('base64url');
    const goodKeys = () => makeBrowserKeys().keys;
    it.each([
      ['an http:// endpoint', () => ({ endpoint: 'http://127.0.0.1:9/push', keys: goodKeys() }), 'endpoint', PUSH_TEXT.endpoint],
      ['a private address', () => ({ endpoint: 'https://10.0.0.5/push', keys: goodKeys() }), 'endpoint', PUSH_ADDRESS_TEXT.notPublic],
      ['192.168.x', () => ({ endpoint: 'https://192.168.1.20/push', keys: goodKeys() }), 'endpoint', PUSH_ADDRESS_TEXT.notPublic],
      ['the cloud metadata address', () => ({ endpoint: 'https://169.254.169.254/latest', keys: goodKeys() }), 'endpoint', PUSH_ADDRESS_TEXT.notPublic],
      ['an IPv6 unique-local address', () => ({ endpoint: 'https://[fd00::1]/push', keys: goodKeys() }), 'endpoint', PUSH_ADDRESS_TEXT.notPublic],
      ['IPv4-mapped loopback (not admitted even with the flag)', () => ({ endpoint: 'https://[::ffff:127.0.0.1]/push', keys: goodKeys() }), 'endpoint', PUSH_TEXT.endpoint],
      ['IPv4-mapped loopback in hex', () => ({ endpoint: 'https://[::ffff:7f00:1]/push', keys: goodKeys() }), 'endpoint', PUSH_ADDRESS_TEXT.notPublic],
      ['another loopback address than 127.0.0.1', () => ({ endpoint: 'https://127.0.0.2/push', keys: goodKeys() }), 'endpoint', PUSH_ADDRESS_TEXT.notPublic],
      ['the unspecified address', () => ({ endpoint: 'https://0.0.0.0/push', keys: goodKeys() }), 'endpoint', PUSH_ADDRESS_TEXT.notPublic],
      ['a host that does not resolve', () => ({ endpoint: 'https://push.invalid/x', keys: goodKeys() }), 'endpoint', PUSH_ADDRESS_TEXT.unknownHost],
      ['credentials in the URL', () => ({ endpoint: 'https://user:pw@127.0.0.1/push', keys: goodKeys() }), 'endpoint', PUSH_TEXT.endpoint],
      ['a 50 KB endpoint', () => ({ endpoint: `https://127.0.0.1/${'x'.repeat(50_000)}`, keys: goodKeys() }), 'endpoint', PUSH_TEXT.endpointTooLong],
      ['no endpoint', () => ({ keys: goodKeys() }), 'endpoint', PUSH_TEXT.endpoint],
      ['no keys', () => ({ endpoint: 'https://127.0.0.1/push' }), 'keys', PUSH_TEXT.p256dh],
      ['a short p256dh', () => ({ endpoint: 'https://127.0.0.1/push', keys: { ...goodKeys(), p256dh: Buffer.alloc(33, 2).toString('base64url') } }), 'keys.p256dh', PUSH_TEXT.p256dh],
      ['a p256dh not on the curve', () => ({ endpoint: 'https://127.0.0.1/push', keys: { ...goodKeys(), p256dh: key65(4) } }), 'keys.p256dh', PUSH_TEXT.p256dh],
      ['a compressed-point marker', () => ({ endpoint: 'https://127.0.0.1/push', keys: { ...goodKeys(), p256dh: key65(2) } }), 'keys.p256dh', PUSH_TEXT.p256dh],
      ['a huge p256dh', () => ({ endpoint: 'https://127.0.0.1/push', keys: { ...goodKeys(), p256dh: 'A'.repeat(60_000) } }), 'keys.p256dh', PUSH_TEXT.p256dh],
      ['an 8-byte auth', () => ({ endpoint: 'https://127.0.0.1/push', keys: { ...goodKeys(), auth: Buffer.alloc(8).toString('base64url') } }), 'keys.auth', PUSH_TEXT.auth],
      ['a numeric auth', () => ({ endpoint: 'https://127.0.0.1/push', keys: { ...goodKeys(), auth: 12345 } }), 'keys.auth', PUSH_TEXT.auth],
      ['an expiration time as text', () => ({ endpoint: 'https://127.0.0.1/push', keys: goodKeys(), expirationTime: 'tomorrow' }), 'expirationTime', PUSH_TEXT.expirationTime],
      ['an expiration time past 2100', () => ({ endpoint: 'https://127.0.0.1/push', keys: goodKeys(), expirationTime: 4_200_000_000_000 }), 'expirationTime', PUSH_TEXT.expirationTime],
    ])('refuses %s: 400 naming the field, nothing stored', async (_label, body, field, message) => {
      const before = await events();
      const res = await as.owner.post('/api/notifications/subscribe').send(body()).expect(400);
      expect(res.body.errors).toContainEqual({ field, message });
      expect(await events()).toBe(before);
      expect(await rows(owner.id)).toEqual([]);
    });

    it('refuses a body over the JSON limit (413) and one that is not JSON, recording nothing', async () => {
      const before = await events();
      await as.owner.post('/api/notifications/subscribe').send({ endpoint: 'https://127.0.0.1/push', keys: goodKeys(), padding: 'x'.repeat(200_000) }).expect(413);
      await as.owner.post('/api/notifications/subscribe').set('Content-Type', 'application/json').send('{"endpoint":').expect(400);
      await as.owner.post('/api/notifications/unsubscribe').send({ endpoint: 42 }).expect(400);
      await as.owner.post('/api/notifications/unsubscribe').send({ endpoint: 'x'.repeat(PUSH_LIMITS.endpointMaxLength + 1) }).expect(400);
      expect(await events()).toBe(before);
    });
  });

  describe('sending with the real web-push library', () => {
    it('test-with-image: 409 without a subscription; then the receiver decrypts the test message, signed with the VAPID key', async () => {
      const before = await events();
      const none = await as.other.post('/api/notifications/test-with-image').expect(409);
      expect(none.body.message).toBe(NO_SUBSCRIPTION);
      expect(await events()).toBe(before);

      const browser = makeBrowserKeys();
      await as.owner.post('/api/notifications/subscribe').send(subscription('/owner-test', browser)).expect(201);
      expect((await as.owner.post('/api/notifications/test-with-image').expect(200)).body).toEqual({ sent: 1 });
      const push = await receiver.next('/owner-test');
      expect(push.message).toEqual({ title: TEST_PUSH.title, body: TEST_PUSH.body, url: '/settings?tab=account', tag: 'carecircle-test', image: '/notification-test.png' });
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers.ttl)).toBe(3600);
      const { publicKey } = (await as.owner.get('/api/notifications/vapid-key').expect(200)).body;
      expect(push.vapid).toMatchObject({ aud: receiver.origin, sub: 'mailto:push-test@example.org', publicKey });
      expect(push.vapid!.exp * 1000).toBeGreaterThan(Date.now());
      // Only the caller's devices get it.
      expect(receiver.received.filter((r) => r.path === '/owner-test')).toHaveLength(1);
    });

    it('PushNotifier.sendToUser: every device of the user; a 410 ends that subscription (an event) and the other stays', async () => {
      const { user, agent } = await t.signUp({ firstName: 'Pia' });
      const phone = makeBrowserKeys();
      const oldLaptop = makeBrowserKeys();
      await agent.post('/api/notifications/subscribe').send(subscription(`/phone-${user.id}`, phone)).expect(201);
      const gone = (await agent.post('/api/notifications/subscribe').send(subscription(`/laptop-${user.id}`, oldLaptop)).expect(201)).body.id;
      receiver.gone(`/laptop-${user.id}`);

      const message = { title: 'Medication in 15 minutes', body: 'Maya: Amoxicillin at 8:00 AM', url: '/tasks/5b0e6f2e-8c51-4f7a-9d43-2a1c3e2f9d10', tag: 'reminder-1' };
      expect(await t.app.get(PushNotifier).sendToUser(user.id, message)).toBe(1);
      expect((await receiver.next(`/phone-${user.id}`)).message).toEqual(message);
      // The laptop's push service got it too, could not deliver it (410), and the subscription ended.
      expect((await receiver.next(`/laptop-${user.id}`)).message).toEqual(message);
      expect((await rows(user.id)).map((r) => r.endpoint)).toEqual([`${receiver.origin}/phone-${user.id}`]);
      const stream = await t.app.get<EventStore>(EVENT_STORE).readStream(`push-subscriptions-${user.id}`);
      expect(stream.map((e) => e.type)).toEqual(['PushSubscribed', 'PushSubscribed', 'PushSubscriptionExpired']);
      expect(stream[2].data).toMatchObject({ userId: user.id, subscriptionId: gone, statusCode: 410 });

      // A link elsewhere never goes out: the payload opens the app instead.
      await t.app.get(PushNotifier).sendToUser(user.id, { ...message, url: '//evil.example/x', image: 'https://evil.example/i.png' });
      expect((await receiver.next(`/phone-${user.id}`)).message).toEqual({ ...message, url: '/' });
      expect(await t.app.get(PushNotifier).sendToUser(other.id, message)).toBe(0);
    });

    it('Delete Account removes the rows and shreds the endpoint in the events', async () => {
      const { user, agent } = await t.signUp({ password: 'correct horse battery' });
      const body = subscription(`/erased-${user.id}`);
      await agent.post('/api/notifications/subscribe').send(body).expect(201);
      await agent.delete('/api/user').send({ password: 'correct horse battery' }).expect(204);
      expect(await rows(user.id)).toEqual([]);
      const stream = await t.app.get<EventStore>(EVENT_STORE).readStream(`push-subscriptions-${user.id}`);
      expect(stream[0].data).toMatchObject({ endpoint: 'Erased', p256dh: 'Erased', auth: 'Erased' });
    });
  });
});

describe('web push without PUSH_ALLOW_LOOPBACK', () => {
  const t = useTestApp({}, 60_000);

  it.each(['https://127.0.0.1:8443/push', 'https://[::1]/push', 'https://localhost/push', `https://${createHash('sha1').update('x').digest('hex').slice(0, 8)}.localhost/push`])(
    'refuses %s: loopback by address or by name',
    async (endpoint) => {
      const { agent } = await t.signUp();
      const res = await agent.post('/api/notifications/subscribe').send({ endpoint, expirationTime: null, keys: makeBrowserKeys().keys }).expect(400);
      expect(res.body.errors).toContainEqual({ field: 'endpoint', message: expect.stringMatching(/public internet|could not be found/) });
      expect((await t.app.get<Pool>(PG_POOL).query('SELECT count(*)::int AS n FROM push_subscriptions')).rows[0].n).toBe(0);
    },
  );
});
