import request from 'supertest';
import * as ical from 'node-ical';
import { addDays, CALENDAR_MESSAGES, type CalendarFeedLink } from '@carecircle/libs';
import { redactSecretsInUrl } from '../../platform/http/log-redaction';
import { useTestApp, type TestApp } from '../../test-support/test-app';

type Agent = Awaited<ReturnType<TestApp['signUp']>>['agent'];

describe('Google Calendar without GOOGLE_* keys', () => {
  const t = useTestApp();

  it('status says it cannot be connected here; connect, callback, sync and disconnect answer 503 with the reason; anonymous 401', async () => {
    const { agent } = await t.signUp();
    const status = await agent.get('/api/calendar/status').expect(200);
    expect(status.body).toEqual({ google: { configured: false, available: false, connected: false, needsReconnect: false, lastSyncAt: null }, feedUrl: null, feed: null });
    const message = CALENDAR_MESSAGES.notConfigured;
    expect((await agent.get('/api/calendar/auth').expect(503)).body.message).toBe(message);
    expect((await agent.get('/api/calendar/callback?state=x&code=y').expect(503)).body.message).toBe(message);
    expect((await agent.post('/api/calendar/sync').send({}).expect(503)).body.message).toBe(message);
    expect((await agent.delete('/api/calendar/google').expect(503)).body.message).toBe(message);

    const anonymous = request(t.app.getHttpServer());
    await anonymous.get('/api/calendar/status').expect(401);
    await anonymous.get('/api/calendar/auth').expect(401);
    await anonymous.post('/api/calendar/sync').send({}).expect(401);
  });
});

describe('iCal feed and upcoming appointments over HTTP', () => {
  const today = new Date().toISOString().slice(0, 10);
  const t = useTestApp({ PUBLIC_URL: 'https://care.example.com' });

  const recipient = async (agent: Agent, firstName: string) => (await agent.post('/api/children').send({ firstName, lastName: 'Lopez' }).expect(201)).body.id as string;
  const appointment = async (agent: Agent, childId: string, name: string, scheduledDate: string, startTime = '14:00', location: string | null = 'Clinic') =>
    (
      await agent
        .post(`/api/children/${childId}/tasks`)
        .send({ name, category: 'appointment', scheduledDate, appointmentDetails: { type: 'doctor', startTime, endTime: '15:30', location } })
        .expect(201)
    ).body[0].id as string;
  const feedPath = (link: CalendarFeedLink) => new URL(link.url).pathname;
  const anonymous = () => request(t.app.getHttpServer());
  const readFeed = async (link: CalendarFeedLink) => {
    const res = await anonymous().get(feedPath(link)).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    return Object.values(ical.sync.parseICS(res.text)).filter((c): c is ical.VEvent => c.type === 'VEVENT');
  };

  it('a feed lists the appointments of the recipients the user sees, in its window; medication times only when chosen', async () => {
    const { agent } = await t.signUp();
    const maya = await recipient(agent, 'Maya');
    const soon = await appointment(agent, maya, 'Pediatrician', addDays(today, 2));
    await appointment(agent, maya, 'Too far ahead', addDays(today, 200));
    await appointment(agent, maya, 'Long ago', addDays(today, -40));
    const dose = (await agent.post(`/api/children/${maya}/tasks`).send({ name: 'Oxybutynin', category: 'medication', scheduledTimes: ['09:00'], scheduledDate: addDays(today, 1) }).expect(201)).body[0];
    // Another family's appointment never shows.
    const other = await t.signUp();
    await appointment(other.agent, await recipient(other.agent, 'Leo'), 'Not ours', addDays(today, 3));

    const created = await agent.post('/api/calendar/feed-token').send({}).expect(201);
    const link = created.body as CalendarFeedLink;
    expect(link).toEqual({ url: expect.stringMatching(/^https:\/\/care\.example\.com\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/), includeMedications: false, createdAt: expect.any(String) });
    const events = await readFeed(link);
    expect(events.map((e) => e.summary)).toEqual(['Maya Lopez: Pediatrician']);
    const [event] = events;
    expect(event.uid).toBe(`${soon}@care.example.com`);
    expect(event.location).toBe('Clinic');
    expect(event.end.getTime() - event.start.getTime()).toBe(90 * 60_000);

    // The status says a link exists, never the link itself.
    const status = (await agent.get('/api/calendar/status').expect(200)).body;
    expect(status.feedUrl).toBeNull();
    expect(status.feed).toEqual({ createdAt: link.createdAt, includeMedications: false });

    const withDoses = (await agent.post('/api/calendar/feed-token').send({ includeMedications: true }).expect(201)).body as CalendarFeedLink;
    const summaries = (await readFeed(withDoses)).map((e) => e.summary).sort();
    expect(summaries).toEqual(['Maya Lopez: Oxybutynin', 'Maya Lopez: Pediatrician']);
    expect((await readFeed(withDoses)).find((e) => e.summary === 'Maya Lopez: Oxybutynin')!.start.toISOString()).toBe(new Date(dose.scheduledTime).toISOString());
    // Rotation: the first link stops working.
    expect((await anonymous().get(feedPath(link)).expect(404)).body.message).toBe(CALENDAR_MESSAGES.feedNotFound);
  });

  it('tokens are unguessable, stored only as a hash, revocable, gone with the account, and redacted from logs', async () => {
    const { agent, user } = await t.signUp();
    const link = (await agent.post('/api/calendar/feed-token').send({}).expect(201)).body as CalendarFeedLink;
    const token = feedPath(link).split('/').pop()!.replace('.ics', '');
    const stored = (await t.sql<{ token_hash: string }>('SELECT token_hash FROM calendar_feeds WHERE user_id = $1', [user.id])).rows;
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify((await t.sql('SELECT * FROM calendar_feeds')).rows) + JSON.stringify((await t.sql('SELECT data FROM es_events')).rows);
    expect(dump).not.toContain(token);
    expect(redactSecretsInUrl(feedPath(link))).toBe('/api/calendar/feed/[redacted]');

    // Unknown, malformed and wrong-extension links: the same 404.
    for (const path of [`/api/calendar/feed/${'A'.repeat(43)}.ics`, '/api/calendar/feed/short.ics', `/api/calendar/feed/${token}.json`]) {
      expect((await anonymous().get(path).expect(404)).body.message).toBe(CALENDAR_MESSAGES.feedNotFound);
    }

    await agent.delete('/api/calendar/feed-token').expect(204);
    await anonymous().get(feedPath(link)).expect(404);
    expect((await agent.delete('/api/calendar/feed-token').expect(404)).body.message).toBe(CALENDAR_MESSAGES.noFeed);
    expect((await agent.get('/api/calendar/status').expect(200)).body.feed).toBeNull();

    const again = (await agent.post('/api/calendar/feed-token').send({}).expect(201)).body as CalendarFeedLink;
    await anonymous().get(feedPath(again)).expect(200);
    await agent.delete('/api/user').send({ password: 'correct horse battery' }).expect(204);
    await anonymous().get(feedPath(again)).expect(404);
    expect((await t.sql('SELECT * FROM calendar_feeds WHERE user_id = $1', [user.id])).rows).toEqual([]);
  });

  it('bad input is a 400 naming the field and changes nothing; anonymous 401', async () => {
    const { agent } = await t.signUp();
    const res = await agent.post('/api/calendar/feed-token').send({ includeMedications: 'yes' }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'includeMedications', message: CALENDAR_MESSAGES.includeMedicationsInvalid }]);
    expect((await agent.get('/api/calendar/status').expect(200)).body.feed).toBeNull();
    expect((await agent.get('/api/calendar/upcoming?from=2026-13-01').expect(400)).body.errors[0].field).toBe('from');

    await anonymous().post('/api/calendar/feed-token').send({}).expect(401);
    await anonymous().delete('/api/calendar/feed-token').expect(401);
    await anonymous().get('/api/calendar/upcoming').expect(401);
  });

  it('upcoming appointments: 7 days from `from`, pending and not begun, the first 5 and the total, own recipients only', async () => {
    const { agent } = await t.signUp();
    const maya = await recipient(agent, 'Maya');
    const leo = await recipient(agent, 'Leo');
    for (let i = 1; i <= 4; i++) await appointment(agent, maya, `Maya visit ${i}`, addDays(today, i), '10:00');
    await appointment(agent, leo, 'Leo dentist', addDays(today, 2), '11:00', null);
    await appointment(agent, leo, 'Leo therapy', addDays(today, 6), '09:00');
    await appointment(agent, leo, 'Outside the week', addDays(today, 7));
    const other = await t.signUp();
    await appointment(other.agent, await recipient(other.agent, 'Zoe'), 'Not ours', addDays(today, 1));

    const answer = (await agent.get(`/api/calendar/upcoming?from=${today}`).expect(200)).body;
    expect(answer.total).toBe(6);
    expect(answer.items.map((a: { name: string }) => a.name)).toEqual(['Maya visit 1', 'Maya visit 2', 'Leo dentist', 'Maya visit 3', 'Maya visit 4']);
    expect(answer.items[2]).toMatchObject({ childName: 'Leo Lopez', category: 'appointment', appointmentDetails: { location: null } });
    expect((await other.agent.get(`/api/calendar/upcoming?from=${today}`).expect(200)).body.total).toBe(1);
    expect((await agent.get(`/api/calendar/upcoming?from=${addDays(today, 5)}`).expect(200)).body.items.map((a: { name: string }) => a.name)).toEqual([
      'Leo therapy',
      'Outside the week',
    ]);
  });
});
