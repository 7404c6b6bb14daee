import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import type { User } from '@carecircle/libs';
import { createApp } from '../app';
import { loadConfig, type AppConfig } from '../config/app-config';
import { createMigratedTestDatabase } from './database';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  databaseUrl: string;
  /** A cookie-keeping client, like one browser. */
  agent(): TestAgent;
  /** Registers and signs in a new caregiver; answers the agent and the user. */
  signUp(overrides?: Partial<{ email: string; password: string; firstName: string; lastName: string }>): Promise<{ agent: TestAgent; user: User }>;
  close(): Promise<void>;
}

/** The whole application on a fresh database, as `npm start` builds it, without listening on a port. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createMigratedTestDatabase();
  const config = loadConfig(
    // Every test signs its users up from one address: the registration limit is the throttle tests' to set.
    { LOG_LEVEL: 'warn', QUEUE_PREFIX: `cc-test-${randomUUID()}`, DATABASE_URL: database.url, REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000', ...env },
    { frontendDist: '/nonexistent' },
  );
  const app = await createApp(config, database.url);
  await app.init();
  const agent = () => request.agent(app.getHttpServer());
  return {
    app,
    config,
    databaseUrl: database.url,
    agent,
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
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
