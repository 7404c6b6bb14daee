import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import type TestAgent from 'supertest/lib/agent';
import {
  DEFAULT_ESCALATION_POLICY,
  DEFAULT_NOTIFICATION_PREFERENCES,
  ESCALATION_LIMITS,
  NOTIFICATION_SETTINGS_MESSAGES as M,
  type EscalationPolicy,
  type NotificationPreferences,
  type User,
} from '@carecircle/libs';
import { useTestApp } from '../../../test-support/test-app';
import { JoinCareTeam } from '../../identity';

/**
 * GET/PUT /api/user/notification-preferences and /api/user/escalation-policy over HTTP: the owner
 * (a primary caregiver), their secondary caregiver, another family and an anonymous visitor; bad
 * input is a 400 naming the field that records nothing; an erased account takes its rows with it.
 */
describe('notification settings over HTTP', () => {
  const as: Record<'owner' | 'secondary' | 'stranger' | 'anonymous', TestAgent> = {} as never;
  let owner: User;
  let secondary: User;
  const PREFS = '/api/user/notification-preferences';
  const POLICY = '/api/user/escalation-policy';
  const events = () => t.eventCount();

  const night: NotificationPreferences = { emailOverdue: false, emailAchievements: true, pushReminders: true, quietHours: { start: '22:00', end: '07:00' } };
  const quick: EscalationPolicy = {
    steps: [
      { afterMinutes: 0, notify: 'primary', channels: ['push', 'in_app'] },
      { afterMinutes: 10, notify: 'secondary_caregivers', channels: ['push', 'email', 'in_app'] },
      { afterMinutes: 30, notify: 'emergency_contacts', channels: ['email'] },
    ],
  };

  const t = useTestApp({}, 60_000);
  beforeAll(async () => {
    ({ agent: as.owner, user: owner } = await t.signUp({ firstName: 'Olivia', lastName: 'Owner' }));
    ({ agent: as.secondary, user: secondary } = await t.signUp({ firstName: 'Sid', lastName: 'Secondary' }));
    ({ agent: as.stranger } = await t.signUp({ firstName: 'Sam', lastName: 'Stranger' }));
    as.anonymous = t.agent();
    const metadata = { actorId: secondary.id, correlationId: randomUUID(), occurredAt: new Date().toISOString() };
    await t.app.get(CommandBus).execute(new JoinCareTeam({ userId: secondary.id, primaryUserId: owner.id, ownsRecipients: false, metadata }));
    expect((await as.secondary.get('/api/auth/user').expect(200)).body).toMatchObject({ role: 'secondary_caregiver', primaryUserId: owner.id });
  }, 60_000);

  describe(PREFS, () => {
    it('answers the defaults (all on, no quiet hours) until changed; 401 anonymous', async () => {
      expect((await as.owner.get(PREFS).expect(200)).body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
      await as.anonymous.get(PREFS).expect(401);
      await as.anonymous.put(PREFS).send(night).expect(401);
    });

    it('each user sets their own (secondary caregivers too); another family is untouched; the same value again records nothing', async () => {
      expect((await as.owner.put(PREFS).send(night).expect(200)).body).toEqual(night);
      expect((await as.owner.get(PREFS).expect(200)).body).toEqual(night);
      const mine = { ...DEFAULT_NOTIFICATION_PREFERENCES, pushReminders: false };
      expect((await as.secondary.put(PREFS).send({ emailOverdue: true, emailAchievements: true, pushReminders: false }).expect(200)).body).toEqual(mine);
      expect((await as.stranger.get(PREFS).expect(200)).body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
      expect((await as.owner.get(PREFS).expect(200)).body).toEqual(night);

      const before = await events();
      await as.owner.put(PREFS).send(night).expect(200);
      await as.stranger.put(PREFS).send(DEFAULT_NOTIFICATION_PREFERENCES).expect(200);
      expect(await events()).toBe(before);
      // Quiet hours off again.
      expect((await as.owner.put(PREFS).send({ ...night, quietHours: null }).expect(200)).body).toEqual({ ...night, quietHours: null });
      await as.owner.put(PREFS).send(night).expect(200);
    });

    it.each([
      ['a string for a boolean', 'emailOverdue', { ...night, emailOverdue: 'true' }],
      ['a number for a boolean', 'pushReminders', { ...night, pushReminders: 1 }],
      ['a missing flag', 'emailAchievements', { emailOverdue: true, pushReminders: true }],
      ['24:00', 'quietHours.start', { ...night, quietHours: { start: '24:00', end: '07:00' } }],
      ['7:00', 'quietHours.end', { ...night, quietHours: { start: '22:00', end: '7:00' } }],
      ['the same start and end', 'quietHours.end', { ...night, quietHours: { start: '08:00', end: '08:00' } }],
      ['quiet hours as an array', 'quietHours', { ...night, quietHours: ['22:00', '07:00'] }],
      ['quiet hours as text', 'quietHours', { ...night, quietHours: '22:00-07:00' }],
      ['a NUL', 'quietHours.start', { ...night, quietHours: { start: '22:00\u0000', end: '07:00' } }],
      ['an unknown property', 'userId', { ...night, userId: randomUUID() }],
      ['an unknown quiet-hours property', 'quietHours.zone', { ...night, quietHours: { ...night.quietHours, zone: 'UTC' } }],
    ])('400 for %s, naming %s, and nothing changes', async (_label, field, body) => {
      const before = { events: await events(), stored: (await as.owner.get(PREFS).expect(200)).body };
      const res = await as.owner.put(PREFS).send(body).expect(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect({ events: await events(), stored: (await as.owner.get(PREFS).expect(200)).body }).toEqual(before);
    });

    it('400 for an array body, deep JSON or no JSON, and nothing changes', async () => {
      const before = { events: await events(), stored: (await as.owner.get(PREFS).expect(200)).body };
      let deep: object = { emailOverdue: true };
      for (let i = 0; i < 40; i++) deep = { quietHours: deep };
      for (const body of [[night], deep, { ...night, quietHours: deep }]) await as.owner.put(PREFS).send(body).expect(400);
      await as.owner.put(PREFS).set('Content-Type', 'text/plain').send('emailOverdue=false').expect((res) => expect([400, 415]).toContain(res.status));
      expect({ events: await events(), stored: (await as.owner.get(PREFS).expect(200)).body }).toEqual(before);
    });
  });

  describe(POLICY, () => {
    it('answers the default chain until changed; 401 anonymous', async () => {
      expect((await as.owner.get(POLICY).expect(200)).body).toEqual(DEFAULT_ESCALATION_POLICY);
      await as.anonymous.get(POLICY).expect(401);
      await as.anonymous.put(POLICY).send(quick).expect(401);
    });

    it('the primary caregiver sets the family’s policy; their secondary caregiver reads it and may not change it (403); another family keeps the default', async () => {
      expect((await as.owner.put(POLICY).send(quick).expect(200)).body).toEqual(quick);
      expect((await as.owner.get(POLICY).expect(200)).body).toEqual(quick);
      expect((await as.secondary.get(POLICY).expect(200)).body).toEqual(quick);
      expect((await as.stranger.get(POLICY).expect(200)).body).toEqual(DEFAULT_ESCALATION_POLICY);

      const before = await events();
      const refused = await as.secondary.put(POLICY).send(DEFAULT_ESCALATION_POLICY).expect(403);
      expect(refused.body).toMatchObject({ statusCode: 403, message: M.primaryOnly });
      await as.owner.put(POLICY).send(quick).expect(200); // unchanged: records nothing
      expect(await events()).toBe(before);
      expect((await as.secondary.get(POLICY).expect(200)).body).toEqual(quick);

      // Another family's change is theirs alone.
      const theirs: EscalationPolicy = { steps: [{ afterMinutes: 5, notify: 'primary', channels: ['email'] }] };
      expect((await as.stranger.put(POLICY).send(theirs).expect(200)).body).toEqual(theirs);
      expect((await as.owner.get(POLICY).expect(200)).body).toEqual(quick);
      expect((await as.secondary.get(POLICY).expect(200)).body).toEqual(quick);
    });

    const step = (afterMinutes: unknown, notify: unknown = 'primary', channels: unknown = ['push']) => ({ afterMinutes, notify, channels });
    it.each([
      ['no steps', 'steps', { steps: [] }],
      [`${ESCALATION_LIMITS.maxSteps + 1} steps`, 'steps', { steps: Array.from({ length: ESCALATION_LIMITS.maxSteps + 1 }, (_, i) => step(i)) }],
      ['2^31 minutes', 'steps.0.afterMinutes', { steps: [step(2 ** 31)] }],
      ['a day and a minute', 'steps.0.afterMinutes', { steps: [step(ESCALATION_LIMITS.maxAfterMinutes + 1)] }],
      ['negative minutes', 'steps.0.afterMinutes', { steps: [step(-5)] }],
      ['minutes as text', 'steps.0.afterMinutes', { steps: [step('15')] }],
      ['fractional minutes', 'steps.0.afterMinutes', { steps: [step(2.5)] }],
      ['steps out of order', 'steps.1.afterMinutes', { steps: [step(30), step(15, 'secondary_caregivers')] }],
      ['an unknown audience', 'steps.0.notify', { steps: [step(0, 'everyone')] }],
      ['an unknown channel', 'steps.0.channels', { steps: [step(0, 'primary', ['sms'])] }],
      ['no channel', 'steps.0.channels', { steps: [step(0, 'primary', [])] }],
      ['a repeated channel', 'steps.0.channels', { steps: [step(0, 'primary', ['email', 'email'])] }],
      ['emergency contacts by push', 'steps.0.channels', { steps: [step(0, 'emergency_contacts', ['push', 'email'])] }],
      ['a NUL in an enum', 'steps.0.notify', { steps: [step(0, 'primary\u0000')] }],
      ['a step as an array', 'steps', { steps: [[0, 'primary', ['push']]] }],
      ['steps as an object', 'steps', { steps: { 0: step(0) } }],
      ['an unknown step property', 'steps.0.repeat', { steps: [{ ...step(0), repeat: true }] }],
      ['an unknown property', 'familyId', { ...quick, familyId: randomUUID() }],
    ])('400 for %s, naming %s, and nothing changes', async (_label, field, body) => {
      const before = { events: await events(), stored: (await as.owner.get(POLICY).expect(200)).body };
      const res = await as.owner.put(POLICY).send(body).expect(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect({ events: await events(), stored: (await as.owner.get(POLICY).expect(200)).body }).toEqual(before);
    });

    it('400 for an array body or deep JSON, and nothing changes', async () => {
      const before = { events: await events(), stored: (await as.owner.get(POLICY).expect(200)).body };
      let deep: unknown = [];
      for (let i = 0; i < 40; i++) deep = [deep];
      for (const body of [quick.steps, { steps: deep }, { steps: [{ ...step(0), channels: deep }] }]) await as.owner.put(POLICY).send(body as object).expect(400);
      expect({ events: await events(), stored: (await as.owner.get(POLICY).expect(200)).body }).toEqual(before);
    });
  });

  it('Delete Account erases the user’s preferences and their family’s policy: their secondary caregiver then reads the default', async () => {
    const { agent, user } = await t.signUp({ password: 'a long enough password' });
    await agent.put(PREFS).send(night).expect(200);
    await agent.put(POLICY).send(quick).expect(200);
    const { agent: helper, user: helperUser } = await t.signUp();
    await t.app.get(CommandBus).execute(new JoinCareTeam({ userId: helperUser.id, primaryUserId: user.id, ownsRecipients: false, metadata: { actorId: helperUser.id, correlationId: randomUUID(), occurredAt: new Date().toISOString() } }));
    expect((await helper.get(POLICY).expect(200)).body).toEqual(quick);

    await agent.delete('/api/user').send({ password: 'a long enough password' }).expect(204);
    for (const table of ['notification_preferences', 'escalation_policies']) {
      expect((await t.sql(`SELECT user_id FROM ${table} WHERE user_id = $1`, [user.id])).rows).toEqual([]);
    }
    expect((await helper.get(POLICY).expect(200)).body).toEqual(DEFAULT_ESCALATION_POLICY);
  });
});
