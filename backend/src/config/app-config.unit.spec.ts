import { generateVAPIDKeys } from 'web-push';
import { ConfigError, loadConfig, publicBaseUrl } from './app-config';

const defaults = { frontendDist: '/app/frontend/dist' };
/** A real pair, made for these tests. */
const VAPID = generateVAPIDKeys();

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    expect(loadConfig({}, defaults)).toMatchObject({
      port: 3000,
      databaseUrl: null,
      redisUrl: 'redis://127.0.0.1:6379',
      eventStoreConnectionString: null,
      sessionSecret: null,
      metricsToken: null,
      dataKeySecret: null,
      adminEmails: [],
      trustedProxies: [],
      registrationsPerAddressPerHour: 10,
      roles: ['api', 'worker', 'projector'],
      databasePoolSize: 10,
      stripe: null,
      google: null,
      vapid: null,
      smtp: null,
      publicUrl: null,
      apiDocs: true,
    });
  });

  it('reads every variable of the design table', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgres://app@db:5432/carecircle',
        REDIS_URL: 'redis://cache:6379',
        EVENTSTORE_CONNECTION_STRING: 'esdb://eventstore:2113?tls=false',
        SESSION_SECRET: 's'.repeat(32),
        METRICS_TOKEN: 'm'.repeat(32),
        DATA_KEY_SECRET: 'k'.repeat(32),
        ADMIN_EMAILS: 'Boss@Example.com, second@example.com',
        TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12,::1, fd00::/8, loopback',
        REGISTRATIONS_PER_ADDRESS_PER_HOUR: '500',
        APP_ROLES: 'api,projector',
        DATABASE_POOL_SIZE: '25',
        STRIPE_SECRET_KEY: 'sk_test_1',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        VAPID_PUBLIC_KEY: VAPID.publicKey,
        VAPID_PRIVATE_KEY: VAPID.privateKey,
        PUBLIC_URL: 'https://care.example.org',
        SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
        MAIL_FROM: 'CareCircle <no-reply@care.example.org>',
      },
      defaults,
    );
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://app@db:5432/carecircle',
      redisUrl: 'redis://cache:6379',
      eventStoreConnectionString: 'esdb://eventstore:2113?tls=false',
      metricsToken: 'm'.repeat(32),
      dataKeySecret: 'k'.repeat(32),
      adminEmails: ['boss@example.com', 'second@example.com'],
      trustedProxies: ['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback'],
      registrationsPerAddressPerHour: 500,
      roles: ['api', 'projector'],
      databasePoolSize: 25,
      stripe: { secretKey: 'sk_test_1', webhookSecret: null, publishableKey: null, apiBaseUrl: null },
      google: { clientId: 'id', clientSecret: 'secret', apiBaseUrl: null },
      vapid: { publicKey: VAPID.publicKey, privateKey: VAPID.privateKey, subject: 'mailto:no-reply@care.example.org' },
      push: { subject: 'mailto:no-reply@care.example.org', allowLoopback: false, extraCaCertsFile: null },
      publicUrl: 'https://care.example.org',
      smtp: { url: 'smtps://mailer:secret@smtp.example.org:465', from: 'CareCircle <no-reply@care.example.org>' },
    });
  });

  it('needs SMTP_URL and MAIL_FROM together, a smtp(s) URL and a sender address', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'care@example.org' }, defaults).smtp).toEqual({ url: 'smtp://127.0.0.1:2525', from: 'care@example.org' });
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }, defaults)).toThrow('MAIL_FROM must be set together with SMTP_URL');
    expect(() => loadConfig({ MAIL_FROM: 'care@example.org' }, defaults)).toThrow('SMTP_URL must be set together with MAIL_FROM');
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Care <care@example.org>\nBcc: x@y.z' }, defaults)).toThrow('MAIL_FROM must be');
  });

  describe('web push', () => {
    it('takes the VAPID subject from VAPID_SUBJECT, else MAIL_FROM, else an https PUBLIC_URL, else a local address', () => {
      expect(loadConfig({ VAPID_SUBJECT: 'https://care.example.org/contact' }, defaults).push.subject).toBe('https://care.example.org/contact');
      expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'CareCircle <care@example.org>', PUBLIC_URL: 'https://care.example.org' }, defaults).push.subject).toBe(
        'mailto:care@example.org',
      );
      expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'care@example.org' }, defaults).push.subject).toBe('mailto:care@example.org');
      expect(loadConfig({ PUBLIC_URL: 'https://care.example.org/' }, defaults).push.subject).toBe('https://care.example.org');
      expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }, defaults).push.subject).toBe('mailto:push@localhost');
      expect(loadConfig({}, defaults)).toMatchObject({ vapid: null, push: { allowLoopback: false, extraCaCertsFile: null } });
    });

    it('reads PUSH_ALLOW_LOOPBACK as true or false only, and NODE_EXTRA_CA_CERTS', () => {
      expect(loadConfig({ PUSH_ALLOW_LOOPBACK: 'true', NODE_EXTRA_CA_CERTS: '/tmp/ca.pem' }, defaults).push).toMatchObject({ allowLoopback: true, extraCaCertsFile: '/tmp/ca.pem' });
      expect(loadConfig({ PUSH_ALLOW_LOOPBACK: 'false' }, defaults).push.allowLoopback).toBe(false);
      expect(() => loadConfig({ PUSH_ALLOW_LOOPBACK: 'yes' }, defaults)).toThrow('PUSH_ALLOW_LOOPBACK must be true or false (got yes)');
    });

    it.each([
      [{ VAPID_PUBLIC_KEY: VAPID.publicKey }, 'VAPID_PRIVATE_KEY must be set together with VAPID_PUBLIC_KEY'],
      [{ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: VAPID.privateKey }, 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (65 bytes'],
      [{ VAPID_PUBLIC_KEY: `A${VAPID.publicKey.slice(1)}`, VAPID_PRIVATE_KEY: VAPID.privateKey }, 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key (its first byte is 0x04)'],
      [{ VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: `${VAPID.privateKey}AA` }, 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes'],
      [{ VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: `${VAPID.privateKey.slice(0, 42)}+/=` }, 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url'],
      [{ VAPID_SUBJECT: 'care@example.org' }, 'VAPID_SUBJECT must be a mailto: address (mailto:care@example.org) or an https:// URL'],
      [{ VAPID_SUBJECT: 'http://care.example.org' }, 'VAPID_SUBJECT must be a mailto: address'],
    ])('refuses %p', (env, message) => {
      expect(() => loadConfig(env, defaults)).toThrow(message);
    });

    it('accepts a VAPID key pair with a subject', () => {
      expect(loadConfig({ VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'mailto:ops@example.org' }, defaults).vapid).toEqual({
        ...VAPID,
        subject: 'mailto:ops@example.org',
      });
    });
  });

  it('builds links from PUBLIC_URL, else localhost and the port', () => {
    expect(publicBaseUrl(loadConfig({ PUBLIC_URL: 'https://care.example.org/' }, defaults))).toBe('https://care.example.org');
    expect(publicBaseUrl(loadConfig({ PORT: '8080' }, defaults))).toBe('http://localhost:8080');
  });

  it('serves /api/docs outside production, and in production only with API_DOCS=public', () => {
    expect(loadConfig({ NODE_ENV: 'development' }, defaults).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATA_KEY_SECRET: 'k'.repeat(32) }, defaults).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATA_KEY_SECRET: 'k'.repeat(32), API_DOCS: 'public' }, defaults).apiDocs).toBe(true);
  });

  it('refuses to start in production without DATA_KEY_SECRET, naming it; elsewhere it stays optional', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, defaults)).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' }, defaults)).toThrow('DATA_KEY_SECRET must be set in production (NODE_ENV=production)');
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_KEY_SECRET: '   ' }, defaults)).toThrow('DATA_KEY_SECRET must be set in production');
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_KEY_SECRET: 'k'.repeat(31) }, defaults)).toThrow('DATA_KEY_SECRET must be at least 32 characters');
    expect(loadConfig({ NODE_ENV: 'production', DATA_KEY_SECRET: 'k'.repeat(32) }, defaults).dataKeySecret).toBe('k'.repeat(32));
    // `npm start` and the tests set no NODE_ENV (or development/test): the embedded defaults keep working.
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) expect(loadConfig(env, defaults).dataKeySecret).toBeNull();
  });

  it('names every problem at once', () => {
    let error: unknown;
    try {
      loadConfig(
        {
          PORT: 'eighty',
          DATABASE_URL: 'mysql://db/x',
          REDIS_URL: 'not a url',
          SESSION_SECRET: 'short',
          METRICS_TOKEN: 'm'.repeat(31),
          DATA_KEY_SECRET: 'k'.repeat(31),
          ADMIN_EMAILS: 'boss@',
          APP_ROLES: 'api,cron',
          GOOGLE_CLIENT_ID: 'id',
          PUBLIC_URL: 'ftp://care.example.org',
          API_DOCS: 'yes',
          TRUSTED_PROXIES: '10.0.0.1,proxy.internal',
          REGISTRATIONS_PER_ADDRESS_PER_HOUR: '0',
          SMTP_URL: 'http://mail.example.org',
          MAIL_FROM: 'not an address',
          DATABASE_POOL_SIZE: '0',
        },
        defaults,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'SESSION_SECRET', 'METRICS_TOKEN', 'DATA_KEY_SECRET', 'ADMIN_EMAILS', 'APP_ROLES', 'GOOGLE_CLIENT_SECRET', 'TRUSTED_PROXIES', 'REGISTRATIONS_PER_ADDRESS_PER_HOUR', 'PUBLIC_URL', 'API_DOCS', 'SMTP_URL', 'MAIL_FROM', 'DATABASE_POOL_SIZE']) {
      expect(problems).toContain(name);
    }
    expect((error as ConfigError).problems).toHaveLength(16);
  });

  it('points Google at another host with GOOGLE_API_BASE_URL (tests), an http(s) URL', () => {
    const keys = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ ...keys, GOOGLE_API_BASE_URL: 'http://127.0.0.1:4010/' }, defaults).google).toEqual({ clientId: 'id', clientSecret: 'secret', apiBaseUrl: 'http://127.0.0.1:4010' });
    expect(() => loadConfig({ ...keys, GOOGLE_API_BASE_URL: 'ftp://google.example' }, defaults)).toThrow(/GOOGLE_API_BASE_URL must start with http:\/\/ or https:\/\//);
  });

  it('points the Stripe SDK at another host with STRIPE_API_BASE_URL (tests), an http(s) URL', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };
    expect(loadConfig({ ...keys, STRIPE_API_BASE_URL: 'http://127.0.0.1:4011/' }, defaults).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      publishableKey: 'pk_test_1',
      apiBaseUrl: 'http://127.0.0.1:4011',
    });
    expect(() => loadConfig({ ...keys, STRIPE_API_BASE_URL: 'ftp://stripe.example' }, defaults)).toThrow(/STRIPE_API_BASE_URL must start with http:\/\/ or https:\/\//);
  });

  it.each(['10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0.256', '10.0.0.0/x', '*'])('refuses the trusted proxy %s', (entry) => {
    expect(() => loadConfig({ TRUSTED_PROXIES: entry }, defaults)).toThrow(`TRUSTED_PROXIES has an entry that is not an address or CIDR: ${entry}`);
  });
});
