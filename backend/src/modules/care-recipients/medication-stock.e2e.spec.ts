import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { MEDICATION_STOCK_MESSAGES, type AppNotification, type Medication, type User } from '@carecircle/libs';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store';
import { signUpFamilyAndStranger, type FamilyAndStranger } from '../../test-support/family-and-stranger';
import { useTestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';
import { RefillReminderJob } from '.';

/**
 * Medication stock and refill reminders over HTTP (issue 12; docs/notifications.md): stock fields on
 * add and update, POST /api/medications/{id}/refill for the primary caregiver, a caregiver with edit
 * rights, one who only views, another family and an anonymous visitor; bad input is a 400 or 404
 * that records nothing; dose tasks move the stock; the low-stock reminder is recorded once and shown
 * to the primary caregiver only.
 */
describe('medication stock over HTTP', () => {
  let as: FamilyAndStranger['as'];
  let owner: User;
  let editor: User;
  let childId: string;
  let strangerMedicationId: string;

  const store = () => t.app.get<EventStore>(EVENT_STORE);
  const events = () => t.eventCount();
  const eventsOf = async (type: string) => (await store().readAll(null)).filter((e) => e.type === type);
  const addMedication = async (body: object, child = childId, agent = as.owner) =>
    (await agent.post(`/api/children/${child}/medications`).send({ name: 'Baclofen', dosage: '5 mg', ...body }).expect(201)).body as Medication;
  const medication = async (id: string, agent = as.owner) =>
    ((await agent.get(`/api/children/${childId}/medications`).expect(200)).body as Medication[]).find((m) => m.id === id)!;
  const refills = (id: string, agent: TestAgent, amount: unknown) => agent.post(`/api/medications/${id}/refill`).send({ amount });
  const refillNotifications = async (agent: TestAgent) => ((await agent.get('/api/notifications').expect(200)).body.items as AppNotification[]).filter((n) => n.type === 'refill_reminder');
  const tomorrow = () => new Date(Date.now() + 36 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const doseTasks = async (medicationId: string, times: string[], date = tomorrow()) =>
    (
      await as.owner
        .post(`/api/children/${childId}/tasks`)
        .send({ name: 'Baclofen', category: 'medication', medicationId, scheduledTimes: times, scheduledDate: date })
        .expect(201)
    ).body as { id: string }[];

  const t = useTestApp({}, 60_000);
  beforeAll(async () => {
    const family = await signUpFamilyAndStranger(t);
    ({ as, owner, editor, childId } = family);
    strangerMedicationId = (await addMedication({ stock: 50 }, family.strangerChildId, as.stranger)).id;
  }, 60_000);

  describe('stock fields on add and update', () => {
    it('adds with stock, dose amount, unit and reminder days; defaults when absent', async () => {
      const tracked = await addMedication({ stock: 120.5, doseAmount: 2.5, unit: 'ml', refillThresholdDays: 10 });
      expect(tracked).toMatchObject({ stock: 120.5, doseAmount: 2.5, unit: 'ml', refillThresholdDays: 10, dosesPerDay: 0, daysLeft: null, lastRefillAmount: null });
      expect(await addMedication({})).toMatchObject({ stock: null, doseAmount: 1, unit: 'tablets', refillThresholdDays: 7 });
    });

    it('updates the settings and sets (counts) the stock; stock null stops tracking', async () => {
      const { id } = await addMedication({ stock: 10 });
      const updated = (await as.editor.put(`/api/children/${childId}/medications/${id}`).send({ stock: 42, unit: 'capsules', doseAmount: 2 }).expect(200)).body;
      expect(updated).toMatchObject({ stock: 42, unit: 'capsules', doseAmount: 2, name: 'Baclofen' });
      expect((await as.owner.put(`/api/children/${childId}/medications/${id}`).send({ stock: null }).expect(200)).body.stock).toBeNull();
      await as.viewer.put(`/api/children/${childId}/medications/${id}`).send({ stock: 5 }).expect(403);
    });

    it.each([
      ['stock', -1],
      ['stock', 1e308],
      ['stock', 2 ** 31],
      ['stock', 0.001],
      ['stock', '5'],
      ['stock', 'NaN'],
      ['doseAmount', 0],
      ['doseAmount', -2],
      ['doseAmount', 1001],
      ['unit', 'kg'],
      ['unit', 5],
      ['refillThresholdDays', 0],
      ['refillThresholdDays', 91],
      ['refillThresholdDays', 7.5],
      ['refillThresholdDays', 2 ** 31],
    ])('refuses %s = %p on add and update (400 naming the field, nothing recorded)', async (field, value) => {
      const { id } = await addMedication({ stock: 10 });
      const before = { events: await events(), medication: await medication(id) };
      const added = await as.owner.post(`/api/children/${childId}/medications`).send({ name: 'X', dosage: 'Y', [field]: value }).expect(400);
      expect(added.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      const updated = await as.owner.put(`/api/children/${childId}/medications/${id}`).send({ [field]: value }).expect(400);
      expect(updated.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect({ events: await events(), medication: await medication(id) }).toEqual(before);
    });
  });

  describe('POST /api/medications/{id}/refill', () => {
    let id: string;
    beforeAll(async () => {
      id = (await addMedication({ stock: 10 })).id;
    });

    it('200 with the new stock for the primary and a caregiver with edit rights; "refilled +N" is an event', async () => {
      expect((await refills(id, as.owner, 30).expect(200)).body).toMatchObject({ id, childId, stock: 40, lastRefillAmount: 30 });
      expect((await refills(id, as.editor, 0.5).expect(200)).body).toMatchObject({ stock: 40.5, lastRefillAmount: 0.5 });
      const refilled = (await eventsOf('MedicationRefilled')).filter((e) => (e.data as { medicationId: string }).medicationId === id);
      expect(refilled.map((e) => [e.data.amount, e.metadata.actorId])).toEqual([[30, owner.id], [0.5, editor.id]]);
    });

    it('403 view-only; 404 another family, an unknown id or a non-UUID; 401 anonymous; nothing changes', async () => {
      const before = { events: await events(), medication: await medication(id), theirs: await eventsOf('MedicationRefilled') };
      expect((await refills(id, as.viewer, 5).expect(403)).body.message).toBe('You can view this care recipient but not change it');
      const hidden = await refills(id, as.stranger, 5).expect(404);
      expect(hidden.body.message).toBe('Medication not found');
      expect((await refills(strangerMedicationId, as.owner, 5).expect(404)).body.message).toBe('Medication not found');
      expect((await refills(randomUUID(), as.owner, 5).expect(404)).body.message).toBe('Medication not found');
      await refills('not-a-uuid', as.owner, 5).expect(404);
      await refills(id, as.anonymous, 5).expect(401);
      expect({ events: await events(), medication: await medication(id), theirs: await eventsOf('MedicationRefilled') }).toEqual(before);
    });

    it.each([[-1], [0], [1e308], [2 ** 31], [100_000.01], [0.001], ['5'], ['NaN'], [null], [undefined], [{}], [[5]], [true]])('400 for amount %p, nothing changes', async (amount) => {
      const before = { events: await events(), medication: await medication(id) };
      const res = await refills(id, as.owner, amount).expect(400);
      expect(res.body.errors).toEqual([{ field: 'amount', message: MEDICATION_STOCK_MESSAGES.amount }]);
      expect({ events: await events(), medication: await medication(id) }).toEqual(before);
    });

    it('400 for a refill past the largest stock', async () => {
      const big = await addMedication({ stock: 99_990 });
      const res = await refills(big.id, as.owner, 11).expect(400);
      expect(res.body.message).toBe(MEDICATION_STOCK_MESSAGES.stockTooHigh);
      expect((await medication(big.id)).stock).toBe(99_990);
    });
  });

  describe('dose tasks move the stock', () => {
    it('a completed dose lowers it by the dose amount, undo raises it, removing a completed task changes nothing more', async () => {
      const { id } = await addMedication({ stock: 20, doseAmount: 2 });
      const [morning, evening] = await doseTasks(id, ['08:00', '20:00']);
      expect(await medication(id)).toMatchObject({ stock: 20, dosesPerDay: 2 / 7 });
      await as.owner.put(`/api/tasks/${morning.id}/complete`).send({}).expect(200);
      expect((await medication(id)).stock).toBe(18);
      await as.editor.put(`/api/tasks/${evening.id}/complete`).send({}).expect(200);
      // Read-your-writes holds per session (docs/event-store.md): the writer's next read sees it.
      expect((await medication(id, as.editor)).stock).toBe(16);
      await as.owner.put(`/api/tasks/${morning.id}/uncomplete`).send({}).expect(200);
      expect((await medication(id)).stock).toBe(18);
      await as.owner.delete(`/api/tasks/${evening.id}`).send({ reason: 'entered twice' }).expect(204);
      expect((await medication(id)).stock).toBe(18);
    });

    it('never shows less than 0: more doses than recorded show 0, and a refill starts from 0', async () => {
      const { id } = await addMedication({ stock: 1 });
      const tasks = await doseTasks(id, ['07:00', '12:00', '19:00']);
      for (const task of tasks) await as.owner.put(`/api/tasks/${task.id}/complete`).send({}).expect(200);
      expect((await medication(id)).stock).toBe(0);
      expect((await refills(id, as.owner, 30).expect(200)).body.stock).toBe(30);
    });
  });

  describe('refill reminders', () => {
    it('a stock covering fewer days than the threshold is reminded once, to the primary caregiver only', async () => {
      const before = await refillNotifications(as.owner);
      // 3 tablets, 2 doses over the next 7 days: 10.5 days. Completing one leaves 2: 7 days; a second, 1: 3.5 days.
      const { id } = await addMedication({ name: 'Keppra', stock: 3, refillThresholdDays: 7 });
      const tasks = await doseTasks(id, ['08:00', '20:00']);
      await doseTasks(id, ['08:00'], new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10));
      const job = t.app.get(RefillReminderJob);
      expect(await job.check(childId, new Date())).toBe(0);
      await as.owner.put(`/api/tasks/${tasks[0].id}/complete`).send({}).expect(200);
      await as.owner.put(`/api/tasks/${tasks[1].id}/complete`).send({}).expect(200);
      // The worker reacts to the stock change on its own (no sweep needed); two more runs at once add nothing.
      const lowsOf = async () => (await eventsOf('MedicationStockLow')).filter((e) => (e.data as { medicationId: string }).medicationId === id);
      const deadline = Date.now() + 10_000;
      while ((await lowsOf()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await lowsOf()).toHaveLength(1);
      await Promise.all([job.check(childId, new Date()), job.check(childId, new Date())]);
      const lows = await lowsOf();
      expect(lows).toHaveLength(1);
      // The worker may react to the first completion already (2 left) or only to the second (1 left).
      expect(lows[0].data).toMatchObject({ childId, medicationId: id, name: 'Keppra', unit: 'tablets', thresholdDays: 7 });
      expect([1, 2]).toContain((lows[0].data as { stock: number }).stock);
      // The worker records the alert without waiting for the notifications read model: the list shows it a moment later.
      const newOnes = async () => (await refillNotifications(as.owner)).filter((n) => !before.some((b) => b.id === n.id));
      await until('the refill notification in the owner\'s list', async () => (await newOnes()).length > 0, 10_000);
      const mine = await newOnes();
      const { daysLeft: days, stock } = lows[0].data as { daysLeft: number; stock: number };
      expect(mine).toEqual([
        expect.objectContaining({ type: 'refill_reminder', childId, taskId: null, isRead: false, title: 'Refill soon: Keppra', message: `Maya's Keppra: about ${days} days left (${stock} ${stock === 1 ? 'tablet' : 'tablets'})` }),
      ]);
      for (const agent of [as.editor, as.viewer, as.stranger]) expect(await refillNotifications(agent)).toEqual([]);

      // A refill that leaves it low does not re-arm; one that covers the days does.
      await refills(id, as.owner, 1).expect(200);
      expect(await job.check(childId, new Date())).toBe(0);
      await refills(id, as.owner, 30).expect(200);
      await as.owner.put(`/api/children/${childId}/medications/${id}`).send({ stock: 0.5 }).expect(200);
      // The job reads the stock its read model shows, which a loaded run may update a moment later: checked until then.
      const lowsOfThis = async () => (await eventsOf('MedicationStockLow')).filter((e) => (e.data as { medicationId: string }).medicationId === id);
      await until('the re-armed reminder', async () => (await job.check(childId, new Date()), (await lowsOfThis()).length >= 2), 10_000);
      expect(await lowsOfThis()).toHaveLength(2);
    });

    it('an untracked medication, or one without anything scheduled, is never reminded', async () => {
      const untracked = await addMedication({});
      await doseTasks(untracked.id, ['08:00']);
      const unscheduled = await addMedication({ stock: 0 });
      const before = (await eventsOf('MedicationStockLow')).length;
      expect(await t.app.get(RefillReminderJob).sweep(new Date())).toBe(0);
      expect((await eventsOf('MedicationStockLow')).length).toBe(before);
      expect(await medication(unscheduled.id)).toMatchObject({ stock: 0, daysLeft: null });
    });
  });
});
