import { Client } from 'pg';
import pino from 'pino';
import { prepareDatabase } from './database-bootstrap';

const log = pino({ level: 'silent' });

describe('database bootstrap', () => {
  it('creates the named database when it is missing, and accepts it existing', async () => {
    const name = `cc_boot_${Date.now()}`;
    const url = `postgres://postgres@127.0.0.1:5432/${name}`;
    const first = await prepareDatabase(url, '/nonexistent', log);
    const again = await prepareDatabase(url, '/nonexistent', log);
    expect([first.url, again.url]).toEqual([url, url]);
    const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    try {
      expect((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount).toBe(1);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });

  it('several processes starting at once on a missing database all start', async () => {
    const name = `cc_boot_race_${Date.now()}`;
    const url = `postgres://postgres@127.0.0.1:5432/${name}`;
    try {
      const started = await Promise.allSettled(Array.from({ length: 4 }, () => prepareDatabase(url, '/nonexistent', log)));
      expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    } finally {
      const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });

  it('names DATABASE_URL when the server cannot be reached', async () => {
    await expect(prepareDatabase('postgres://postgres@127.0.0.1:1/none', '/nonexistent', log)).rejects.toThrow(/DATABASE_URL/);
  });
});
