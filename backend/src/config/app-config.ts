import { isIP } from 'node:net';

/** The roles one process can run (DESIGN.md, Scale-out). */
export const APP_ROLES = ['api', 'worker', 'projector'] as const;
export type AppRole = (typeof APP_ROLES)[number];

export interface AppConfig {
  port: number;
  /** Unset means: the default local server, or an embedded PostgreSQL when none answers. */
  databaseUrl: string | null;
  redisUrl: string;
  eventStoreConnectionString: string | null;
  sessionSecret: string | null;
  /** Bearer token that may read GET /api/metrics without an admin session; null: admin sessions only. */
  metricsToken: string | null;
  /** Wraps the per-subject data keys (docs/privacy.md); null: keys are stored unwrapped. */
  dataKeySecret: string | null;
  adminEmails: string[];
  /** Express 'trust proxy' list (addresses, CIDRs): only these peers' X-Forwarded-For names the client. Empty: none. */
  trustedProxies: string[];
  /** Registrations allowed from one client address per hour (docs/security.md). */
  registrationsPerAddressPerHour: number;
  roles: AppRole[];
  /**
   * DATABASE_POOL_SIZE: connections each of the process's two PostgreSQL pools may open (the read
   * models' ORM pool and the platform's pool for the event store, sessions and waits), so a process
   * holds up to twice this many, plus its LISTEN connection and each projector's lock session.
   */
  databasePoolSize: number;
  /**
   * PROJECTION_WAIT_MS: how long a command, or a read right after one, waits for its read models
   * before answering 503 "taking longer than usual" (5000). The tests give a loaded 2-core host longer.
   */
  projectionWaitMs: number;
  /**
   * REMINDER_MINUTE_MS: how long a minute of reminder and escalation times lasts (60000). Only tests
   * and demos shorten it, to watch a 15-minute escalation step in seconds.
   */
  reminderMinuteMs: number;
  /** How long a worker's claim on reminder jobs holds before another worker may take them (a worker that died mid-batch). */
  reminderClaimLeaseMs: number;
  /**
   * STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET for webhooks and STRIPE_PUBLISHABLE_KEY for
   * Stripe.js); null: billing routes answer 503 (docs/billing.md). STRIPE_API_BASE_URL: unset, Stripe's
   * API; set (tests, a local fake), the SDK's host, port and protocol point there.
   */
  stripe: { secretKey: string; webhookSecret: string | null; publishableKey: string | null; apiBaseUrl: string | null } | null;
  /**
   * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (Google sign-in and Calendar), and GOOGLE_API_BASE_URL:
   * unset, Google's real endpoints; set (tests, a local fake), one base for all of them: the consent
   * page `{base}/o/oauth2/v2/auth`, `{base}/token`, `{base}/revoke` and the Calendar API `{base}/calendar/v3`.
   */
  google: { clientId: string; clientSecret: string; apiBaseUrl: string | null } | null;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (with the subject below); null: generated once and stored in the database (docs/notifications.md). */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /**
   * Web push: the VAPID subject (VAPID_SUBJECT, else mailto: MAIL_FROM's address, else PUBLIC_URL when
   * https, else a local mailto:), PUSH_ALLOW_LOOPBACK (tests: admits 127.0.0.1 and ::1 endpoints), and
   * NODE_EXTRA_CA_CERTS, which the push sender trusts besides the system roots.
   */
  push: { subject: string; allowLoopback: boolean; extraCaCertsFile: string | null };
  /** SMTP_URL and MAIL_FROM (platform/mail); null: no mail is sent, screens show links to share by hand. */
  smtp: { url: string; from: string } | null;
  /** Where local data (the embedded PostgreSQL) lives; null: `.data/` in the checkout. */
  dataDir: string | null;
  /** Where the built front end is served from. */
  frontendDist: string;
  /** Separates Bull queues of parallel test runs. */
  queuePrefix: string;
  logLevel: string;
  /** PUBLIC_URL: the address users reach the app at; https turns on HSTS. */
  publicUrl: string | null;
  /** Whether /api/docs is served: always outside production, in production only with API_DOCS=public. */
  apiDocs: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/carecircle';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** MAIL_FROM: `address` or `Display Name <address>` (no line breaks: it becomes a mail header). */
const MAIL_FROM = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;
export const DEFAULT_REGISTRATIONS_PER_ADDRESS_PER_HOUR = 10;
/** The names Express's 'trust proxy' (proxy-addr) knows besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** Bytes of unpadded base64url text, or null when it is not that. */
function base64UrlBytes(value: string): Buffer | null {
  return /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url') : null;
}

function isVapidSubject(subject: string): boolean {
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(subject)) return true;
  try {
    return new URL(subject).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Push services contact the VAPID subject about problems: the sender's address, else the https site, else a local address (development). */
function defaultVapidSubject(mailFrom: string | null, publicUrl: string | null): string {
  const address = mailFrom === null ? null : (/<([^<>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  if (address) return `mailto:${address}`;
  if (publicUrl?.startsWith('https:')) return publicUrl.replace(/\/+$/, '');
  return 'mailto:push@localhost';
}

/** Reads and validates the environment; every problem is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv, defaults: { frontendDist: string }): AppConfig {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const value = text(name);
    if (value === null) return null;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got ${parsed.protocol}//)`);
      }
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return value;
  };

  const wholeNumber = (name: string, min: number, max: number, fallback: number): number => {
    if (text(name) === null) return fallback;
    const value = Number(text(name));
    if (!Number.isInteger(value) || value < min || value > max) problems.push(`${name} must be a whole number from ${min} to ${max}`);
    return value;
  };
  const flag = (name: string): boolean => {
    const value = text(name);
    if (value !== null && value !== 'true' && value !== 'false') problems.push(`${name} must be true or false (got ${value})`);
    return value === 'true';
  };
  const list = (name: string): string[] =>
    (text(name) ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);

  const port = wholeNumber('PORT', 1, 65535, 3000);

  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']) ?? 'redis://127.0.0.1:6379';
  const eventStoreConnectionString = url('EVENTSTORE_CONNECTION_STRING', ['esdb:', 'esdb+discover:']);

  const sessionSecret = text('SESSION_SECRET');
  if (sessionSecret !== null && sessionSecret.length < 32) problems.push('SESSION_SECRET must be at least 32 characters');

  const metricsToken = text('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 32) problems.push('METRICS_TOKEN must be at least 32 characters');

  const dataKeySecret = text('DATA_KEY_SECRET');
  if (dataKeySecret !== null && dataKeySecret.length < 32) problems.push('DATA_KEY_SECRET must be at least 32 characters');
  // Unwrapped data keys beside their ciphertext: a stolen backup would read every live subject (docs/privacy.md).
  if (dataKeySecret === null && text('NODE_ENV') === 'production') {
    problems.push('DATA_KEY_SECRET must be set in production (NODE_ENV=production): 32+ random characters (openssl rand -hex 32) that wrap the data keys');
  }

  const adminEmails = list('ADMIN_EMAILS').map((e) => e.toLowerCase());
  for (const email of adminEmails) if (!EMAIL.test(email)) problems.push(`ADMIN_EMAILS has an invalid email: ${email}`);

  const trustedProxies = list('TRUSTED_PROXIES');
  for (const entry of trustedProxies) {
    if (!isAddressOrCidr(entry)) problems.push(`TRUSTED_PROXIES has an entry that is not an address or CIDR: ${entry}`);
  }
  const registrationsPerAddressPerHour = wholeNumber('REGISTRATIONS_PER_ADDRESS_PER_HOUR', 1, 1_000_000, DEFAULT_REGISTRATIONS_PER_ADDRESS_PER_HOUR);

  const reminderMinuteMs = wholeNumber('REMINDER_MINUTE_MS', 10, 60_000, 60_000);
  const reminderClaimLeaseMs = wholeNumber('REMINDER_CLAIM_LEASE_MS', 500, 600_000, 30_000);
  const databasePoolSize = wholeNumber('DATABASE_POOL_SIZE', 1, 500, 10);
  const projectionWaitMs = wholeNumber('PROJECTION_WAIT_MS', 100, 120_000, 5000);

  const roles = text('APP_ROLES') === null ? [...APP_ROLES] : list('APP_ROLES');
  for (const role of roles) {
    if (!APP_ROLES.includes(role as AppRole)) problems.push(`APP_ROLES has an unknown role: ${role} (known: ${APP_ROLES.join(', ')})`);
  }
  if (roles.length === 0) problems.push(`APP_ROLES must name at least one of ${APP_ROLES.join(', ')}`);

  const group = <T>(names: string[], required: string[], build: () => T): T | null => {
    const set = names.filter((n) => text(n) !== null);
    if (set.length === 0) return null;
    const missing = required.filter((n) => text(n) === null);
    if (missing.length > 0) {
      problems.push(`${missing.join(' and ')} must be set together with ${set.join(', ')}`);
      return null;
    }
    return build();
  };
  const stripe = group(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'], ['STRIPE_SECRET_KEY'], () => ({
    secretKey: text('STRIPE_SECRET_KEY')!,
    webhookSecret: text('STRIPE_WEBHOOK_SECRET'),
    publishableKey: text('STRIPE_PUBLISHABLE_KEY'),
    apiBaseUrl: url('STRIPE_API_BASE_URL', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
  }));
  const google = group(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], () => ({
    clientId: text('GOOGLE_CLIENT_ID')!,
    clientSecret: text('GOOGLE_CLIENT_SECRET')!,
    apiBaseUrl: url('GOOGLE_API_BASE_URL', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
  }));
  const smtp = group(['SMTP_URL', 'MAIL_FROM'], ['SMTP_URL', 'MAIL_FROM'], () => ({ url: url('SMTP_URL', ['smtp:', 'smtps:'])!, from: text('MAIL_FROM')! }));
  if (smtp && !MAIL_FROM.test(smtp.from)) problems.push('MAIL_FROM must be an email address or "Name <address>"');

  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']);

  const push = {
    subject: text('VAPID_SUBJECT') ?? defaultVapidSubject(smtp?.from ?? null, publicUrl),
    allowLoopback: flag('PUSH_ALLOW_LOOPBACK'),
    extraCaCertsFile: text('NODE_EXTRA_CA_CERTS'),
  };
  if (text('VAPID_SUBJECT') !== null && !isVapidSubject(push.subject)) {
    problems.push('VAPID_SUBJECT must be a mailto: address (mailto:care@example.org) or an https:// URL');
  }
  // VAPID_SUBJECT alone is fine: it goes with the generated keys.
  const vapid = group(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], () => ({
    publicKey: text('VAPID_PUBLIC_KEY')!,
    privateKey: text('VAPID_PRIVATE_KEY')!,
    subject: push.subject,
  }));
  if (vapid && base64UrlBytes(vapid.publicKey)?.length !== 65) {
    problems.push('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (65 bytes; npx web-push generate-vapid-keys makes a pair)');
  } else if (vapid && base64UrlBytes(vapid.publicKey)?.[0] !== 4) {
    problems.push('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key (its first byte is 0x04)');
  }
  if (vapid && base64UrlBytes(vapid.privateKey)?.length !== 32) {
    problems.push('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes; npx web-push generate-vapid-keys makes a pair)');
  }
  const apiDocs = text('API_DOCS');
  if (apiDocs !== null && apiDocs !== 'public') problems.push(`API_DOCS must be "public" or unset (got ${apiDocs})`);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    databaseUrl,
    redisUrl,
    eventStoreConnectionString,
    sessionSecret,
    metricsToken,
    dataKeySecret,
    adminEmails,
    trustedProxies,
    registrationsPerAddressPerHour,
    roles: [...new Set(roles)] as AppRole[],
    databasePoolSize,
    projectionWaitMs,
    reminderMinuteMs,
    reminderClaimLeaseMs,
    stripe,
    google,
    vapid,
    push,
    smtp,
    dataDir: text('DATA_DIR'),
    frontendDist: text('FRONTEND_DIST') ?? defaults.frontendDist,
    queuePrefix: text('QUEUE_PREFIX') ?? 'carecircle',
    logLevel: text('LOG_LEVEL') ?? 'info',
    publicUrl,
    apiDocs: apiDocs === 'public' || text('NODE_ENV') !== 'production',
  };
}

/** The address users reach the app at, without a trailing slash: PUBLIC_URL, else http://localhost:PORT (links in mails and invitations). */
export const publicBaseUrl = (config: Pick<AppConfig, 'publicUrl' | 'port'>): string => (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');

/** Nest injection token for AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
