import type TestAgent from 'supertest/lib/agent';
import { addDays, DEFAULT_TIMEZONE, localDate, type Child, type Task } from '@carecircle/libs';
import { EVENT_STORE, type EventStore } from '../platform/event-store/event-store';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { DEMO_HELPER, DEMO_PRIMARY, DemoSeedRefused, seedDemoFamily, type DemoSeedResult } from './demo-family';

const PASSWORD = 'demo-password-for-tests';

/** How many events the store holds, and the last one's position. */
async function storeHead(store: EventStore): Promise<{ count: number; position: bigint | null }> {
  let count = 0;
  let position: bigint | null = null;
  for (;;) {
    const page = await store.readAll(position, 1000);
    if (page.length === 0) return { count, position };
    count += page.length;
    position = page[page.length - 1].position;
  }
}

/**
 * npm run seed:demo's seed, on the whole application: afterwards the demo accounts sign in over HTTP
 * and see a lived-in family (the primary both recipients, the helper only the one shared with them);
 * a second run appends nothing; a database that holds anything else is refused untouched.
 */
describe('seed:demo', () => {
  let t: TestApp;
  let seeded: DemoSeedResult;
  let primary: TestAgent;
  let helper: TestAgent;
  let maya: Child;
  let robert: Child;
  const today = () => localDate(new Date(), DEFAULT_TIMEZONE);

  const signIn = async (email: string) => {
    const agent = t.agent();
    await agent.post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
    return agent;
  };

  beforeAll(async () => {
    t = await startTestApp();
    seeded = await seedDemoFamily(t.app, { password: PASSWORD });
    primary = await signIn(DEMO_PRIMARY.email);
    helper = await signIn(DEMO_HELPER.email);
    const children: Child[] = (await primary.get('/api/children').expect(200)).body;
    [maya, robert] = ['Maya', 'Robert'].map((name) => children.find((c) => c.firstName === name)!);
  }, 180_000);

  afterAll(() => t?.close());

  it('gives the primary caregiver two recipients with medications, repeating schedules and a lived week', async () => {
    expect(seeded).toMatchObject({ status: 'seeded', timezone: DEFAULT_TIMEZONE, today: today() });
    const children: Child[] = (await primary.get('/api/children').expect(200)).body;
    expect(children.map((c) => c.name).sort()).toEqual(['Maya Morgan', 'Robert Morgan']);
    expect(children.every((c) => c.canEdit)).toBe(true);

    for (const child of [maya, robert]) {
      expect((await primary.get(`/api/children/${child.id}/medications`).expect(200)).body).toHaveLength(2);
      const todays: Task[] = (await primary.get('/api/tasks').query({ childId: child.id, date: today() }).expect(200)).body;
      expect(todays.length).toBeGreaterThanOrEqual(4);
    }
    const routines: { name: string; category: string }[] = (await primary.get(`/api/children/${maya.id}/repeating-tasks`).expect(200)).body;
    expect(routines.map((r) => r.category)).toEqual(expect.arrayContaining(['catheterization', 'medication']));

    // The past days: most tasks done, by both caregivers, each shortly after its time; a few missed.
    const week: Task[] = (
      await primary.get(`/api/children/${maya.id}/tasks`).query({ startDate: addDays(today(), -6), endDate: addDays(today(), -1) }).expect(200)
    ).body;
    const completed = week.filter((task) => task.status === 'completed');
    expect(completed.length).toBeGreaterThan(week.length * 0.7);
    expect(completed.length).toBeLessThan(week.length);
    expect(new Set(completed.map((task) => task.completedBy))).toEqual(new Set([seeded.primaryId, seeded.helperId]));
    for (const task of completed) expect(Date.parse(task.completedAt!)).toBeGreaterThan(Date.parse(task.scheduledTime));
    expect(week.filter((task) => task.templateId !== null).length).toBeGreaterThan(30);

    const upcoming: Task[] = (
      await primary.get(`/api/children/${maya.id}/tasks`).query({ startDate: addDays(today(), 1), endDate: addDays(today(), 7) }).expect(200)
    ).body;
    expect(upcoming.filter((task) => task.category === 'appointment').map((task) => task.name)).toEqual(
      expect.arrayContaining(['Physical therapy', 'IEP review meeting', 'Urology follow-up']),
    );
  });

  it('fills the Care Hub: emergency contacts, doctors and family support', async () => {
    const contacts: { name: string; isPrimary: boolean }[] = (await primary.get('/api/emergency-contacts').expect(200)).body;
    expect(contacts.length).toBeGreaterThanOrEqual(3);
    expect(contacts.filter((c) => c.isPrimary)).toHaveLength(1);
    expect((await primary.get(`/api/children/${maya.id}/doctors`).expect(200)).body.length).toBeGreaterThanOrEqual(2);
    expect((await primary.get(`/api/children/${robert.id}/family-support`).expect(200)).body.length).toBeGreaterThanOrEqual(1);
  });

  it('links the helper through an accepted invitation: they see Maya only, with edit rights, and the family contacts', async () => {
    const children: Child[] = (await helper.get('/api/children').expect(200)).body;
    expect(children.map((c) => ({ id: c.id, canEdit: c.canEdit }))).toEqual([{ id: maya.id, canEdit: true }]);
    await helper.get('/api/tasks').query({ childId: robert.id, date: today() }).expect(404);
    expect((await helper.get('/api/tasks').query({ childId: maya.id, date: today() }).expect(200)).body.length).toBeGreaterThan(0);
    expect((await helper.get('/api/emergency-contacts').expect(200)).body.length).toBeGreaterThan(0);

    const invitations: { inviteeEmail: string; status: string }[] = (await primary.get('/api/caregiver-invitations').expect(200)).body;
    expect(invitations).toEqual([expect.objectContaining({ inviteeEmail: DEMO_HELPER.email, status: 'accepted' })]);
  });

  it('changes nothing when run again', async () => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    const before = await storeHead(store);
    expect(before.count).toBeGreaterThan(100);
    const again = await seedDemoFamily(t.app, { password: 'another-password' });
    expect(again).toEqual({ status: 'already-seeded', primaryId: seeded.primaryId, helperId: seeded.helperId });
    expect(await storeHead(store)).toEqual(before);
    await signIn(DEMO_PRIMARY.email); // the first run's password still works
  });

  it('refuses a database that holds anything else, and writes nothing', async () => {
    const other = await startTestApp();
    try {
      await other.signUp();
      const store = other.app.get<EventStore>(EVENT_STORE);
      const before = await storeHead(store);
      await expect(seedDemoFamily(other.app, { password: PASSWORD })).rejects.toThrow(DemoSeedRefused);
      expect(await storeHead(store)).toEqual(before);
    } finally {
      await other.close();
    }
  }, 60_000);
});
