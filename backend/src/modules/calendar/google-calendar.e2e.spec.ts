import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import request from 'supertest';
import { addDays, CALENDAR_MESSAGES } from '@carecircle/libs';
import { startGoogleFake, type GoogleFake } from '../../test-support/google-fake';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';
import { googleCalendarEventId } from './google/google-calendar.gateway';
import { GOOGLE_CALENDAR_SYNC_QUEUE, SYNC_MAX_WRITES_PER_JOB } from './workers/google-calendar-sync.job';

type Agent = Awaited<ReturnType<TestApp['signUp']>>['agent'];

const PUBLIC_URL = 'https://care.example.com';
const CLIENT = { id: 'client-id.apps.googleusercontent.com', secret: 'client-secret', redirectUri: () => `${PUBLIC_URL}/api/calendar/callback` };

/** A doctor's appointment for the recipient on that date, 14:00-15:00 at the clinic; answers its task id. */
const appointment = async (agent: Agent, childId: string, name: string, scheduledDate: string) =>
  (
    await agent
      .post(`/api/children/${childId}/tasks`)
      .send({ name, category: 'appointment', scheduledDate, appointmentDetails: { type: 'doctor', startTime: '14:00', endTime: '15:00', location: 'Clinic' } })
      .expect(201)
  ).body[0].id as string;

/** A local Google and an app pointed at it (every role unless `env` says otherwise). */
async function startWithGoogle(env: Record<string, string> = {}): Promise<{ google: GoogleFake; t: TestApp }> {
  const google = await startGoogleFake(CLIENT);
  const t = await startTestApp({ PUBLIC_URL, GOOGLE_CLIENT_ID: CLIENT.id, GOOGLE_CLIENT_SECRET: CLIENT.secret, GOOGLE_API_BASE_URL: google.baseUrl, ...env });
  return { google, t };
}

describe('Google Calendar over HTTP, against a local Google (no worker role: only the Sync button syncs)', () => {
  let google: GoogleFake;
  let t: TestApp;
  const today = new Date().toISOString().slice(0, 10);

  // api and projector only: the background sync (worker role) would race the counts asserted here.
  beforeAll(async () => ({ google, t } = await startWithGoogle({ APP_ROLES: 'api,projector' })));
  afterAll(async () => (await t.close(), await google.close()));
  beforeEach(() => {
    google.accessTokenSeconds = 3600;
    google.calendarDown = false;
  });

  /** GET /api/calendar/auth, then the state Google would send back. */
  const consent = async (agent: Agent) => {
    const { authUrl } = (await agent.get('/api/calendar/auth').expect(200)).body as { authUrl: string };
    return new URL(authUrl);
  };
  const callback = (agent: Agent, query: Record<string, string>) => agent.get(`/api/calendar/callback?${new URLSearchParams(query)}`);
  const connect = async (agent: Agent) => {
    const state = (await consent(agent)).searchParams.get('state')!;
    const res = await callback(agent, { state, code: google.issueCode() }).expect(302);
    expect(res.headers.location).toBe('/settings?tab=calendar&google=connected');
  };
  const recipient = async (agent: Agent, firstName: string) => (await agent.post('/api/children').send({ firstName, lastName: 'Lopez' }).expect(201)).body.id as string;
  const status = async (agent: Agent) => (await agent.get('/api/calendar/status').expect(200)).body.google;

  it('the consent URL is Google’s, for this app, offline, events only, with a fresh state', async () => {
    const { agent } = await t.signUp();
    expect(await status(agent)).toEqual({ configured: true, available: true, connected: false, needsReconnect: false, lastSyncAt: null });
    const url = await consent(agent);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.baseUrl}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      redirect_uri: CLIENT.redirectUri(),
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      scope: 'https://www.googleapis.com/auth/calendar.events',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect((await consent(agent)).searchParams.get('state')).not.toBe(url.searchParams.get('state'));
  });

  it('a forged, another session’s, replayed or missing state, a missing or refused code: back to Settings saying which, changing nothing', async () => {
    const { agent, user } = await t.signUp();
    const other = await t.signUp();
    const grantsBefore = google.grants.length;
    const outcome = async (query: Record<string, string>) => {
      const res = await callback(agent, query).expect(302);
      return new URL(res.headers.location, 'http://app').searchParams.get('google');
    };

    await consent(agent);
    expect(await outcome({ state: 'forged-state', code: google.issueCode() })).toBe('invalid_state');

    const theirs = (await consent(other.agent)).searchParams.get('state')!;
    await consent(agent);
    expect(await outcome({ state: theirs, code: google.issueCode() })).toBe('invalid_state');
    expect(await outcome({ code: google.issueCode() })).toBe('invalid_state');

    expect(await outcome({ state: (await consent(agent)).searchParams.get('state')! })).toBe('code_missing');
    const state = (await consent(agent)).searchParams.get('state')!;
    expect(await outcome({ state, code: 'not-a-code-google-gave' })).toBe('code_refused');
    expect(await outcome({ state, code: google.issueCode() })).toBe('invalid_state'); // single use

    expect(google.grants.length - grantsBefore).toBe(1); // only the one with a good state reached Google
    expect(await status(agent)).toMatchObject({ connected: false });
    expect((await t.sql("SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1", [`google-calendar-${user.id}`])).rows[0].n).toBe(0);
  });

  it('a refusal at Google goes back to Settings saying so, connecting nothing', async () => {
    const { agent } = await t.signUp();
    const state = (await consent(agent)).searchParams.get('state')!;
    const res = await callback(agent, { state, error: 'access_denied' }).expect(302);
    expect(res.headers.location).toBe('/settings?tab=calendar&google=denied');
    expect(await status(agent)).toMatchObject({ connected: false });
  });

  it('connect, then sync creates, updates and deletes the user’s appointment events; tokens stay encrypted', async () => {
    const { agent, user } = await t.signUp();
    await connect(agent);
    expect(await status(agent)).toEqual({ configured: true, available: true, connected: true, needsReconnect: false, lastSyncAt: null });
    const raw = JSON.stringify((await t.sql("SELECT data FROM es_events WHERE type = 'GoogleCalendarConnected' AND stream_id = $1", [`google-calendar-${user.id}`])).rows);
    expect(raw).not.toMatch(/access-secret|refresh-secret/);
    expect(JSON.stringify((await t.sql('SELECT * FROM calendar_integrations')).rows)).not.toMatch(/secret/);

    const maya = await recipient(agent, 'Maya');
    const visit = await appointment(agent, maya, 'Pediatrician', addDays(today, 2));
    const dentist = await appointment(agent, maya, 'Dentist', addDays(today, 3));
    await agent.post(`/api/children/${maya}/tasks`).send({ name: 'Oxybutynin', category: 'medication', scheduledTimes: ['09:00'] }).expect(201);

    const first = (await agent.post('/api/calendar/sync').send({}).expect(200)).body;
    expect(first).toEqual({ created: 2, updated: 0, deleted: 0, lastSyncAt: expect.any(String) });
    const visitId = googleCalendarEventId(user.id, visit);
    expect(google.events.get(visitId)).toMatchObject({ summary: 'Maya Lopez: Pediatrician', location: 'Clinic' });
    expect(google.events.has(googleCalendarEventId(user.id, dentist))).toBe(true);
    expect(google.events.size).toBe(2);
    expect((await status(agent)).lastSyncAt).toBe(first.lastSyncAt);

    // Nothing changed: nothing is sent.
    const calls = google.calls.length;
    expect((await agent.post('/api/calendar/sync').send({}).expect(200)).body).toMatchObject({ created: 0, updated: 0, deleted: 0 });
    expect(google.calls.length).toBe(calls);

    await agent.put(`/api/tasks/${visit}`).send({ name: 'Pediatrician check-up' }).expect(200);
    await agent.delete(`/api/tasks/${dentist}`).send({ reason: 'Cancelled by the clinic' }).expect((res) => expect(res.status).toBeLessThan(300));
    expect((await agent.post('/api/calendar/sync').send({}).expect(200)).body).toMatchObject({ created: 0, updated: 1, deleted: 1 });
    expect(google.events.get(visitId)).toMatchObject({ summary: 'Maya Lopez: Pediatrician check-up' });
    expect(google.events.has(googleCalendarEventId(user.id, dentist))).toBe(false);
  });

  it('an expired access token is refreshed with the refresh token, and the new one is kept', async () => {
    const { agent } = await t.signUp();
    google.accessTokenSeconds = 10; // inside the library's 5-minute margin: refreshed before the first call
    await connect(agent);
    await appointment(agent, await recipient(agent, 'Leo'), 'Physio', addDays(today, 1));
    const grants = google.grants.length;
    google.accessTokenSeconds = 3600;
    await agent.post('/api/calendar/sync').send({}).expect(200);
    expect(google.grants.slice(grants)).toEqual(['refresh_token']);
    // The refreshed token was recorded: the next sync uses it without asking Google again.
    await appointment(agent, await recipient(agent, 'Zoe'), 'Dentist', addDays(today, 2));
    expect((await agent.post('/api/calendar/sync').send({}).expect(200)).body).toMatchObject({ created: 1 });
    expect(google.grants.slice(grants)).toEqual(['refresh_token']);
  });

  it('when Google is down, sync is a 502 that records nothing', async () => {
    const { agent, user } = await t.signUp();
    await connect(agent);
    await appointment(agent, await recipient(agent, 'Ivy'), 'Speech therapy', addDays(today, 1));
    google.calendarDown = true;
    expect((await agent.post('/api/calendar/sync').send({}).expect(502)).body.message).toBe(CALENDAR_MESSAGES.googleFailed);
    expect((await t.sql("SELECT type FROM es_events WHERE stream_id = $1 ORDER BY revision", [`google-calendar-${user.id}`])).rows.map((r) => r.type)).toEqual(['GoogleCalendarConnected']);
    expect(await status(agent)).toMatchObject({ connected: true, needsReconnect: false, lastSyncAt: null });
  });

  it('when Google answers invalid_grant (withdrawn there), it is recorded: 409 asking to reconnect, no more calls to Google; reconnecting finds the same events', async () => {
    const { agent, user } = await t.signUp();
    await connect(agent);
    const visit = await appointment(agent, await recipient(agent, 'Ivy'), 'Speech therapy', addDays(today, 1));
    expect((await agent.post('/api/calendar/sync').send({}).expect(200)).body).toMatchObject({ created: 1 });
    const eventsBefore = google.events.size;
    google.withdrawGrants();
    await agent.put(`/api/tasks/${visit}`).send({ name: 'Speech therapy (room 4)' }).expect(200);

    expect((await agent.post('/api/calendar/sync').send({}).expect(409)).body.message).toBe(CALENDAR_MESSAGES.needsReconnect);
    const types = async () => (await t.sql('SELECT type FROM es_events WHERE stream_id = $1 ORDER BY revision', [`google-calendar-${user.id}`])).rows.map((r) => r.type);
    expect(await types()).toEqual(['GoogleCalendarConnected', 'GoogleCalendarSynced', 'GoogleCalendarAccessRefused']);
    await until('the status to ask for a reconnect', async () => (await status(agent)).needsReconnect);
    expect(await status(agent)).toMatchObject({ connected: true, needsReconnect: true });
    const [grants, calls] = [google.grants.length, google.calls.length];
    expect((await agent.post('/api/calendar/sync').send({}).expect(409)).body.message).toBe(CALENDAR_MESSAGES.needsReconnect);
    expect([google.grants.length, google.calls.length]).toEqual([grants, calls]);
    expect(await types()).toHaveLength(3);

    await connect(agent);
    await until('the connection to be active again', async () => !(await status(agent)).needsReconnect);
    expect((await agent.post('/api/calendar/sync').send({}).expect(200)).body).toMatchObject({ created: 0, updated: 1 });
    expect(google.events.get(googleCalendarEventId(user.id, visit))).toMatchObject({ summary: 'Ivy Lopez: Speech therapy (room 4)' });
    expect(google.events.size).toBe(eventsBefore);
  });

  it('disconnect revokes the grant and forgets the tokens; own connection only; anonymous 401', async () => {
    const { agent } = await t.signUp();
    const other = await t.signUp();
    await connect(agent);
    // Another family has no connection of its own, and cannot reach this one.
    expect((await other.agent.post('/api/calendar/sync').send({}).expect(409)).body.message).toBe(CALENDAR_MESSAGES.notConnected);
    await other.agent.delete('/api/calendar/google').expect(409);
    expect(await status(agent)).toMatchObject({ connected: true });

    const revokedBefore = google.revoked.length;
    await agent.delete('/api/calendar/google').expect(204);
    expect(google.revoked.slice(revokedBefore)).toEqual([expect.stringMatching(/^refresh-secret-/)]);
    expect(await status(agent)).toEqual({ configured: true, available: true, connected: false, needsReconnect: false, lastSyncAt: null });
    await agent.post('/api/calendar/sync').send({}).expect(409);
    await agent.delete('/api/calendar/google').expect(409);

    const anonymous = request(t.app.getHttpServer());
    await anonymous.get('/api/calendar/auth').expect(401);
    await anonymous.get('/api/calendar/callback?state=x&code=y').expect(401);
    await anonymous.post('/api/calendar/sync').send({}).expect(401);
    await anonymous.delete('/api/calendar/google').expect(401);
  });

  it('deleting the account shreds the tokens and removes the connection', async () => {
    const { agent, user } = await t.signUp();
    await connect(agent);
    await agent.delete('/api/user').send({ password: 'correct horse battery' }).expect(204);
    expect((await t.sql('SELECT * FROM calendar_integrations WHERE user_id = $1', [user.id])).rows).toEqual([]);
    expect(JSON.stringify((await t.sql('SELECT data FROM es_events WHERE stream_id = $1', [`google-calendar-${user.id}`])).rows)).not.toMatch(/secret/);
  });
});

describe('Google Calendar background sync (worker role), against a local Google', () => {
  let google: GoogleFake;
  let t: TestApp;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => ({ google, t } = await startWithGoogle()));
  afterAll(async () => (await t.close(), await google.close()));

  const connect = async (agent: Agent) => {
    const { authUrl } = (await agent.get('/api/calendar/auth').expect(200)).body as { authUrl: string };
    const state = new URL(authUrl).searchParams.get('state')!;
    const res = await agent.get(`/api/calendar/callback?${new URLSearchParams({ state, code: google.issueCode() })}`).expect(302);
    expect(res.headers.location).toBe('/settings?tab=calendar&google=connected');
    await until('the connection in the read model', async () => (await agent.get('/api/calendar/status').expect(200)).body.google.connected);
  };
  const event = (userId: string, taskId: string) => google.events.get(googleCalendarEventId(userId, taskId));

  it('created, updated, moved and removed appointments reach the connected user’s Google calendar without pressing Sync', async () => {
    const { agent, user } = await t.signUp();
    await connect(agent);
    const maya = (await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id as string;

    const visit = await appointment(agent, maya, 'Pediatrician', addDays(today, 2));
    expect(await until('the new appointment in Google', () => event(user.id, visit))).toMatchObject({ summary: 'Maya Lopez: Pediatrician', location: 'Clinic' });

    await agent.put(`/api/tasks/${visit}`).send({ name: 'Pediatrician check-up' }).expect(200);
    await until('the renamed appointment in Google', () => event(user.id, visit)?.summary === 'Maya Lopez: Pediatrician check-up');

    await agent.put(`/api/tasks/${visit}`).send({ scheduledDate: addDays(today, 4) }).expect(200);
    await until('the moved appointment in Google', () => JSON.stringify(event(user.id, visit)?.start ?? '').includes(addDays(today, 4)));

    await agent.delete(`/api/tasks/${visit}`).send({ reason: 'Cancelled by the clinic' }).expect((res) => expect(res.status).toBeLessThan(300));
    await until('the removed appointment gone from Google', () => !google.events.has(googleCalendarEventId(user.id, visit)));
    await until('the sync recorded', async () => (await agent.get('/api/calendar/status').expect(200)).body.google.lastSyncAt);
  });

  it('a job makes at most SYNC_MAX_WRITES_PER_JOB changes at Google; a follow-up job takes the rest, nothing sent twice', async () => {
    const { agent, user } = await t.signUp();
    const noor = (await agent.post('/api/children').send({ firstName: 'Noor', lastName: 'Lopez' }).expect(201)).body.id as string;
    // Made before connecting (no sync is queued for a user without a connection): the first change
    // after connecting finds them all to send at once.
    const visits: string[] = [];
    for (let i = 0; i < SYNC_MAX_WRITES_PER_JOB + 5; i++) visits.push(await appointment(agent, noor, `Visit ${i + 1}`, addDays(today, 1 + (i % 20))));
    await connect(agent);
    visits.push(await appointment(agent, noor, 'One more', addDays(today, 3)));

    await until('every appointment in Google', () => visits.every((taskId) => event(user.id, taskId)));
    const synced = await t.sql(
      `SELECT jsonb_array_length(data->'upserted') + jsonb_array_length(data->'deleted') AS writes FROM es_events
       WHERE stream_id = $1 AND type = 'GoogleCalendarSynced' ORDER BY global_position`,
      [`google-calendar-${user.id}`],
    );
    expect(synced.rows.map((row) => Number(row.writes)).filter((writes) => writes > 0)).toEqual([SYNC_MAX_WRITES_PER_JOB, visits.length - SYNC_MAX_WRITES_PER_JOB]);
  });

  it('a caregiver whose access to a recipient ends loses its appointments from their Google calendar; connected users of other families are not synced', async () => {
    const owner = await t.signUp();
    const helper = await t.signUp();
    const stranger = await t.signUp();
    const leo = (await owner.agent.post('/api/children').send({ firstName: 'Leo', lastName: 'Park' }).expect(201)).body.id as string;
    await t.grantAccess(leo, owner.user.id, helper.user.id, false);
    await connect(helper.agent);
    await connect(stranger.agent);
    const physio = await appointment(owner.agent, leo, 'Physio', addDays(today, 1));
    await until('the shared appointment in the helper’s Google calendar', () => event(helper.user.id, physio));
    const queue = t.app.get<Queue>(getQueueToken(GOOGLE_CALENDAR_SYNC_QUEUE));
    const drained = async () => {
      const { waiting, delayed, active } = await queue.getJobCounts();
      return waiting + delayed + active === 0;
    };
    const strangerSyncs = async () =>
      (await t.sql("SELECT count(*)::int AS n FROM es_events WHERE type = 'GoogleCalendarSynced' AND stream_id = $1", [`google-calendar-${stranger.user.id}`])).rows[0].n as number;
    await until('no sync queued', drained);
    const before = await strangerSyncs();

    await owner.agent.delete(`/api/children/${leo}/caregivers/${helper.user.id}`).expect(204);
    await until('the appointment gone from the helper’s Google calendar', () => !google.events.has(googleCalendarEventId(helper.user.id, physio)));
    await until('no sync queued', drained);
    expect(await strangerSyncs()).toBe(before);
  });

  it('Google failing is retried with backoff; invalid_grant is recorded once and the status asks to reconnect', async () => {
    const { agent, user } = await t.signUp();
    await connect(agent);
    const ivy = (await agent.post('/api/children').send({ firstName: 'Ivy', lastName: 'Lopez' }).expect(201)).body.id as string;
    google.calendarDown = true;
    const calls = google.calls.length;
    const speech = await appointment(agent, ivy, 'Speech therapy', addDays(today, 1));
    await until('a refused attempt', () => google.calls.length > calls);
    google.calendarDown = false;
    await until('the retried sync in Google', () => event(user.id, speech), 30_000);

    google.withdrawGrants();
    await agent.put(`/api/tasks/${speech}`).send({ name: 'Speech therapy (room 4)' }).expect(200);
    await until('the status to ask for a reconnect', async () => (await agent.get('/api/calendar/status').expect(200)).body.google.needsReconnect);
    const refused = await t.sql("SELECT count(*)::int AS n FROM es_events WHERE type = 'GoogleCalendarAccessRefused' AND stream_id = $1", [`google-calendar-${user.id}`]);
    expect(refused.rows[0].n).toBe(1);
    expect((await agent.post('/api/calendar/sync').send({}).expect(409)).body.message).toBe(CALENDAR_MESSAGES.needsReconnect);
  }, 60_000);
});
