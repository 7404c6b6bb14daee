import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Client, type Pool, type QueryResult, type QueryResultRow } from 'pg';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import type { User } from '@carecircle/libs';
import { createApp } from '../app';
import { loadConfig, type AppConfig } from '../config/app-config';
import { PG_POOL } from '../platform/database/database.tokens';
import { ExecuteCareRecipientCommand } from '../modules/care-recipients';
import { createMigratedTestDatabase } from './database';
import { madeBeforeAll } from './describe-block';
import { TEST_PROJECTION_WAIT_MS } from './projection-wait';
import { deleteRedisKeys } from './redis-keys';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  databaseUrl: string;
  /** A cookie-keeping client, like one browser. */
  agent(): TestAgent;
  /** Registers and signs in a new caregiver; answers the agent and the user. */
  signUp(overrides?: Partial<{ email: string; password: string; firstName: string; lastName: string }>): Promise<{ agent: TestAgent; user: User }>;
  /** Runs SQL on the test database over one connection of the test's own (opened at the first call; close() ends it). */
  sql<R extends QueryResultRow = QueryResultRow>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Another connection to the test database, for a LISTEN or a transaction beside sql()'s; close() ends it. */
  connection(): Promise<Client>;
  /** Shares a recipient with a caregiver, who may edit it or only view it: GrantCaregiverAccess from its primary caregiver, without an invitation. */
  grantAccess(childId: string, primaryId: string, userId: string, canEdit: boolean): Promise<void>;
  /** How many events the store holds: a spec compares it before and after to see that nothing was recorded. */
  eventCount(): Promise<number>;
  close(): Promise<void>;
}

/** Metadata of a command that `actorId` sends now. */
export const commandMetadata = (actorId: string) => ({ actorId, correlationId: randomUUID(), occurredAt: new Date().toISOString() });

/** The whole application on a fresh database, as `npm start` builds it, without listening on a port. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createMigratedTestDatabase();
  const config = loadConfig(
    // Every test signs its users up from one address: the registration limit is the throttle tests' to set.
    { LOG_LEVEL: 'warn', QUEUE_PREFIX: `cc-test-${randomUUID()}`, DATABASE_URL: database.url, REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000', PROJECTION_WAIT_MS: TEST_PROJECTION_WAIT_MS, ...env },
    { frontendDist: '/nonexistent' },
  );
  const app = await createApp(config, database.url);
  await app.init();
  const agent = () => request.agent(app.getHttpServer());
  const connections: Promise<Client>[] = [];
  const connection = () => {
    const client = new Client({ connectionString: database.url });
    const connected = client.connect().then(() => client);
    connections.push(connected);
    return connected;
  };
  let sqlConnection: Promise<Client> | undefined;
  // One statement at a time on the shared connection (specs call sql() inside Promise.all; pg 9 refuses overlapping queries).
  let sqlTurn: Promise<unknown> = Promise.resolve();
  return {
    app,
    config,
    databaseUrl: database.url,
    agent,
    sql<R extends QueryResultRow>(text: string, params?: unknown[]) {
      const result = sqlTurn.then(async () => (await (sqlConnection ??= connection())).query<R>(text, params));
      sqlTurn = result.catch(() => undefined);
      return result;
    },
    connection,
    grantAccess: (childId, primaryId, userId, canEdit) =>
      app.get(CommandBus).execute(new ExecuteCareRecipientCommand(childId, { type: 'GrantCaregiverAccess', data: { userId, canEdit }, metadata: commandMetadata(primaryId) })),
    async signUp(overrides = {}) {
      const client = agent();
      const body = {
        email: `caregiver-${randomUUID()}@example.com`,
        password: 'correct horse battery',
        firstName: 'Ana',
        lastName: 'Silva',
        ...overrides,
      };
      const res = await client.post('/api/auth/register').send(body).expect(201);
      return { agent: client, user: res.body };
    },
    // What readAll shows (committed events below any transaction in flight), counted where they lie:
    // reading them all decrypted each personal field of every event, twice per check.
    eventCount: async () =>
      Number((await app.get<Pool>(PG_POOL).query<{ n: string }>('SELECT count(*) AS n FROM es_events WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())')).rows[0].n),
    async close() {
      await Promise.all(connections.map(async (connected) => (await connected).end()));
      await app.close();
      await Promise.all([database.drop(), deleteRedisKeys(config.redisUrl, config.queuePrefix)]);
    },
  };
}

/**
 * For a describe block: the app started before its tests (`hookTimeout` where that takes longer than
 * the default) and closed after them. What it answers stands for that app: use it inside hooks or tests.
 */
export function useTestApp(env: Record<string, string> = {}, hookTimeout?: number): TestApp {
  const app = madeBeforeAll('The test app', () => startTestApp(env), (started) => started.close(), hookTimeout);
  return {
    get app() {
      return app().app;
    },
    get config() {
      return app().config;
    },
    get databaseUrl() {
      return app().databaseUrl;
    },
    agent: () => app().agent(),
    signUp: (overrides) => app().signUp(overrides),
    sql: <R extends QueryResultRow>(text: string, params?: unknown[]) => app().sql<R>(text, params),
    connection: () => app().connection(),
    grantAccess: (childId, primaryId, userId, canEdit) => app().grantAccess(childId, primaryId, userId, canEdit),
    eventCount: () => app().eventCount(),
    close: () => app().close(),
  };
}
