import { randomUUID } from 'node:crypto';
import { useTestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';
import { SESSION_COOKIE, SESSION_IDLE_MS } from './session';

/** Sessions (session.ts): a signed-in request moves the stored idle expiry, after its answer. */
describe('sessions: the idle time-out rolls', () => {
  const t = useTestApp();

  it("moves a signed-in session's stored expiry a full idle time-out ahead once its request has answered", async () => {
    const email = `rolling-${randomUUID()}@example.com`;
    await t.signUp({ email, password: 'correct horse battery' });
    const browser = t.agent();
    const login = await browser.post('/api/auth/login').send({ email, password: 'correct horse battery' }).expect(200);
    const sid = decodeURIComponent((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(';')[0].split('=')[1])
      .slice(2)
      .split('.')[0];
    // As if the session had been idle for all but an hour of its time-out.
    const { rowCount } = await t.sql(`UPDATE sessions SET expire = now() + interval '1 hour' WHERE sid = $1`, [sid]);
    expect(rowCount).toBe(1);

    await browser.get('/api/auth/user').expect(200);

    const ahead = await until('the stored expiry moved', async () => {
      const { rows } = await t.sql<{ ms: number }>(`SELECT (extract(epoch FROM expire - now()) * 1000)::float8 AS ms FROM sessions WHERE sid = $1`, [sid]);
      return rows[0].ms > SESSION_IDLE_MS - 60_000 && rows[0].ms;
    });
    expect(ahead).toBeLessThanOrEqual(SESSION_IDLE_MS + 1000);
  });
});
