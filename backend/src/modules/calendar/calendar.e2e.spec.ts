import request from 'supertest';
import { CALENDAR_MESSAGES } from '@carecircle/libs';
import { startTestApp, type TestApp } from '../../test-support/test-app';

describe('calendar connection over HTTP', () => {
  for (const [label, env, message] of [
    ['without Google keys', {}, CALENDAR_MESSAGES.notConfigured],
    ['with Google keys', { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }, CALENDAR_MESSAGES.notAvailableYet],
  ] as const) {
    describe(label, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await startTestApp(env);
      });
      afterAll(() => t.close());

      it('says what is possible, and connect and sync answer 503 with the reason; anonymous 401', async () => {
        const { agent } = await t.signUp();
        const status = await agent.get('/api/calendar/status').expect(200);
        expect(status.body).toEqual({ google: { configured: label === 'with Google keys', available: false, connected: false, lastSyncAt: null }, feedUrl: null });
        expect((await agent.get('/api/calendar/auth').expect(503)).body.message).toBe(message);
        expect((await agent.post('/api/calendar/sync').send({}).expect(503)).body.message).toBe(message);

        const anonymous = request(t.app.getHttpServer());
        await anonymous.get('/api/calendar/status').expect(401);
        await anonymous.get('/api/calendar/auth').expect(401);
        await anonymous.post('/api/calendar/sync').send({}).expect(401);
      });
    });
  }
});
