import { Pool } from 'pg';
import { generateVAPIDKeys } from 'web-push';
import { createMigratedTestDatabase, type TestDatabase } from '../../../../test-support/database';
import { VapidKeys } from './vapid-keys';

describe('VAPID keys (PostgreSQL)', () => {
  let database: TestDatabase;
  const pools: Pool[] = [];
  const pool = () => {
    const created = new Pool({ connectionString: database.url });
    pools.push(created);
    return created;
  };
  const push = { subject: 'mailto:care@example.org', allowLoopback: false, extraCaCertsFile: null };
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await database.drop();
  });

  it('generates one pair when none is configured: processes starting at once all sign with the same one, kept for the next start', async () => {
    const starts = Array.from({ length: 6 }, () => new VapidKeys({ vapid: null, push }, pool()));
    const keys = await Promise.all(starts.map((k) => k.details()));
    expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1);
    expect(new Set(keys.map((k) => k.privateKey)).size).toBe(1);
    expect(keys[0]).toMatchObject({ subject: 'mailto:care@example.org' });
    expect(Buffer.from(keys[0].publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys[0].privateKey, 'base64url')).toHaveLength(32);
    expect(await new VapidKeys({ vapid: null, push }, pool()).details()).toEqual(keys[0]);
  });

  it('uses VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set', async () => {
    const configured = generateVAPIDKeys();
    expect(await new VapidKeys({ vapid: { ...configured, subject: push.subject }, push }, pool()).details()).toEqual({ ...configured, subject: push.subject });
  });
});
