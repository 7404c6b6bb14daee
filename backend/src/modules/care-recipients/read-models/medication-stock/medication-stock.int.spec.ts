import type { RecordedEvent } from '../../../../platform/event-store/event-store';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { MedicationStockProjection } from './medication-stock.projection';
import { MedicationStockQuery } from './medication-stock.query';
import { NO_TASK_DETAILS } from '../../../../test-support/task-details';

/** The medication-stock read model against real PostgreSQL (docs/notifications.md, "Refill reminders"). */
describe('medication stock read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new MedicationStockProjection();
  const child = '00000000-0000-4000-8000-0000000000c1';
  const otherChild = '00000000-0000-4000-8000-0000000000c2';
  const med = (n: number) => `30000000-0000-4000-8000-00000000000${n}`;
  const task = (n: number) => `40000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
  const template = (n: number) => `50000000-0000-4000-8000-00000000000${n}`;
  const now = new Date('2026-11-27T06:00:00Z');
  const at = '2026-11-27T06:00:00.000Z';
  const all: RecordedEvent[] = [];
  let query: MedicationStockQuery;

  beforeAll(async () => {
    query = new MedicationStockQuery(h.orm.em);
  });

  /** Records, keeps for the rebuild check, and applies. */
  const feed = async (...events: RecordedEvent[]) => {
    all.push(...events);
    await h.apply(projection, events);
  };
  const recipient = (childId: string, type: string, data: object) => h.record(`care-recipient-${childId}`, { type, data: { childId, ...data } });
  const added = (childId: string, medicationId: string, stock: number | null, doseAmount?: number) =>
    recipient(childId, 'MedicationAdded', {
      medicationId, name: 'Baclofen', dosage: '5 mg', instructions: null, photoUrl: null, addedAt: at,
      ...(stock === undefined ? {} : { stock }), ...(doseAmount === undefined ? {} : { doseAmount, unit: 'ml', refillThresholdDays: 7 }),
    });
  const scheduled = (taskId: string, medicationId: string | null, scheduledTime: string, childId = child) =>
    h.record(`task-${taskId}`, {
      type: 'TaskScheduled',
      data: {
        taskId, childId, templateId: null, name: 'Dose', category: 'medication', priority: 'high', isUrgent: true, ...NO_TASK_DETAILS, medicationId,
        scheduledDate: scheduledTime.slice(0, 10), localTime: '08:00', timezone: 'UTC', scheduledTime, scheduledBy: 'parent', scheduledAt: at,
      },
    });
  const onTask = (taskId: string, type: string, data: object = {}) => h.record(`task-${taskId}`, { type, data: { taskId, childId: child, ...data } });
  const completed = (taskId: string) => onTask(taskId, 'TaskCompleted', { notes: null, completedBy: 'parent', completedAt: at });
  const uncompleted = (taskId: string) => onTask(taskId, 'TaskUncompleted', { uncompletedBy: 'parent', uncompletedAt: at });
  const stockOf = async (medicationId: string) => (await query.forMedication(medicationId, now))?.stock;

  it('a completed dose takes the dose amount off, an undo gives it back', async () => {
    await feed(added(child, med(1), 10), scheduled(task(1), med(1), '2026-11-27T08:00:00Z'), scheduled(task(2), med(1), '2026-11-27T20:00:00Z'));
    expect(await stockOf(med(1))).toBe(10);
    await feed(completed(task(1)));
    expect(await stockOf(med(1))).toBe(9);
    await feed(completed(task(2)), uncompleted(task(1)));
    expect(await stockOf(med(1))).toBe(9);
    await feed(uncompleted(task(2)));
    expect(await stockOf(med(1))).toBe(10);
  });

  it('removing a completed task gives nothing back; tasks of other medications and untracked ones change nothing', async () => {
    await feed(completed(task(1)), onTask(task(1), 'TaskRemoved', { reason: 'x', removedBy: 'parent', removedAt: at }));
    expect(await stockOf(med(1))).toBe(9);
    await feed(added(child, med(2), null), scheduled(task(3), med(2), '2026-11-27T08:00:00Z'), scheduled(task(4), null, '2026-11-27T08:00:00Z'));
    await feed(completed(task(3)), completed(task(4)));
    expect(await stockOf(med(2))).toBeNull();
    expect(await stockOf(med(1))).toBe(9);
  });

  it('an undo gives back what the completion took, even after the dose amount changed', async () => {
    await feed(added(child, med(3), 20, 2.5), scheduled(task(5), med(3), '2026-11-27T08:00:00Z'), completed(task(5)));
    expect(await stockOf(med(3))).toBe(17.5);
    await feed(recipient(child, 'MedicationUpdated', { medicationId: med(3), doseAmount: 5, updatedAt: at }), uncompleted(task(5)));
    expect(await stockOf(med(3))).toBe(20);
    await feed(completed(task(5)));
    expect(await stockOf(med(3))).toBe(15);
  });

  it('a task linked to a medication later counts from then on', async () => {
    await feed(scheduled(task(6), null, '2026-11-27T08:00:00Z'), onTask(task(6), 'TaskUpdated', { medicationId: med(3), updatedBy: 'parent', updatedAt: at }), completed(task(6)));
    expect(await stockOf(med(3))).toBe(10);
  });

  it('shows a stock below 0 as 0, undo returns to the same balance, and a refill starts from 0', async () => {
    await feed(added(child, med(4), 1), ...[7, 8, 9].map((n) => scheduled(task(n), med(4), '2026-11-27T08:00:00Z')), ...[7, 8, 9].map((n) => completed(task(n))));
    expect(await stockOf(med(4))).toBe(0);
    await feed(uncompleted(task(9)));
    expect(await stockOf(med(4))).toBe(0); // balance -1: one dose given that was not recorded
    await feed(uncompleted(task(8)));
    expect(await stockOf(med(4))).toBe(0);
    await feed(completed(task(8)), completed(task(9)), recipient(child, 'MedicationRefilled', { medicationId: med(4), amount: 30, reminderRearmed: false, refilledAt: at }));
    expect(await query.forMedication(med(4), now)).toMatchObject({ stock: 30, lastRefillAmount: 30 });
  });

  it('a count sets the stock, and the doses before it are in it (an undo gives nothing back)', async () => {
    await feed(recipient(child, 'MedicationStockCounted', { medicationId: med(4), stock: 12, reminderRearmed: false, countedAt: at }), uncompleted(task(9)));
    expect(await stockOf(med(4))).toBe(12);
    await feed(recipient(child, 'MedicationStockCounted', { medicationId: med(4), stock: null, reminderRearmed: true, countedAt: at }));
    expect(await stockOf(med(4))).toBeNull();
  });

  it('the rate comes from active repeating schedules, else from the dose tasks of the next 7 days', async () => {
    await feed(added(child, med(5), 28));
    // no schedule: tasks within [now, now + 7 days): 3 of them (one before now, one after the week)
    await feed(
      ...['2026-11-26T08:00:00Z', '2026-11-27T08:00:00Z', '2026-11-28T08:00:00Z', '2026-12-03T08:00:00Z', '2026-12-04T08:00:00Z'].map((time, i) =>
        scheduled(task(20 + i), med(5), time),
      ),
    );
    const figures = (await query.forMedication(med(5), now))!;
    expect(figures.dosesPerDay).toBeCloseTo(3 / 7);
    expect(figures.daysLeft).toBeCloseTo((28 * 7) / 3);
    const details = {
      name: 'Baclofen', templateName: null, category: 'medication', description: null, medicationId: med(5), isUrgent: true, priority: 'high',
      estimatedDuration: null, imageUrl: null, isRepeating: true, isTemplate: false, repeatPattern: 'custom', repeatInterval: 1,
      repeatStartDate: '2026-11-01', repeatEndDate: null, daysOfWeek: ['monday', 'wednesday', 'friday', 'sunday'], scheduledTimes: ['08:00', '20:00'], timeNotes: {},
    };
    const onTemplate = (n: number, type: string, data: object) => h.record(`task-template-${template(n)}`, { type, data: { templateId: template(n), childId: child, ...data } });
    // 2 times x 4 days a week = 8 a week
    await feed(onTemplate(1, 'TaskTemplateCreated', { ...details, createdBy: 'parent', createdAt: at }));
    expect((await query.forMedication(med(5), now))!.daysLeft).toBeCloseTo(24.5);
    // every day, twice: 14 a week, plus the other; paused ones do not count
    await feed(onTemplate(2, 'TaskTemplateCreated', { ...details, daysOfWeek: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], createdBy: 'parent', createdAt: at }));
    expect((await query.forMedication(med(5), now))!.dosesPerDay).toBeCloseTo(22 / 7);
    await feed(onTemplate(2, 'TaskTemplatePaused', { pausedBy: 'parent', pausedAt: at }));
    expect((await query.forMedication(med(5), now))!.dosesPerDay).toBeCloseTo(8 / 7);
    await feed(onTemplate(2, 'TaskTemplateResumed', { resumedBy: 'parent', resumedAt: at }), onTemplate(1, 'TaskTemplateDeactivated', { deactivatedBy: 'parent', deactivatedAt: at, reason: 'done' }));
    expect((await query.forMedication(med(5), now))!.dosesPerDay).toBeCloseTo(2);
    await feed(onTemplate(2, 'TaskTemplateScheduleChanged', { effectiveFrom: '2026-11-28', details: { ...details, scheduledTimes: ['08:00'], daysOfWeek: ['monday'], repeatInterval: 2 }, changedBy: 'parent', changedAt: at }));
    expect((await query.forMedication(med(5), now))!.dosesPerDay).toBeCloseTo(0.5 / 7);
    // an ended schedule does not count: back to the tasks
    await feed(onTemplate(2, 'TaskTemplateScheduleChanged', { effectiveFrom: '2026-11-28', details: { ...details, repeatEndDate: '2026-11-26' }, changedBy: 'parent', changedAt: at }));
    expect((await query.forMedication(med(5), now))!.dosesPerDay).toBeCloseTo(3 / 7);
  });

  it('the consecutive steps of a taper count one at a time (issue 21)', async () => {
    await feed(added(child, med(8), 100));
    const step = (n: number, start: string, end: string, extra: object = {}) =>
      h.record(`task-template-${template(n)}`, {
        type: 'TaskTemplateCreated',
        data: {
          templateId: template(n), childId: child, name: 'Prednisolone', templateName: null, category: 'medication', description: null, medicationId: med(8),
          isUrgent: true, priority: 'high', estimatedDuration: null, imageUrl: null, isRepeating: true, isTemplate: false, repeatPattern: 'daily', repeatInterval: 1,
          repeatStartDate: start, repeatEndDate: end, daysOfWeek: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], scheduledTimes: ['08:00'],
          timeNotes: {}, createdBy: 'parent', createdAt: at, ...extra,
        },
      });
    // Three three-day steps from today: one dose a day, not three.
    await feed(step(6, '2026-11-27', '2026-11-29'), step(7, '2026-11-30', '2026-12-02'), step(8, '2026-12-03', '2026-12-05'));
    expect((await query.forMedication(med(8), now))!.dosesPerDay).toBeCloseTo(1);
    // A taper that starts next month is counted from its first week.
    await feed(added(child, med(9), 100));
    const later = (n: number, start: string, end: string) => step(n, start, end, { medicationId: med(9), templateId: template(n) });
    await feed(later(9, '2026-12-10', '2026-12-12'));
    expect((await query.forMedication(med(9), now))!.dosesPerDay).toBeCloseTo(3 / 7);
  });

  it('reminders: armed until MedicationStockLow, re-armed by a refill or count that says so', async () => {
    const armed = async () => (await query.forMedication(med(5), now))!.reminderArmed;
    expect(await armed()).toBe(true);
    await feed(recipient(child, 'MedicationStockLow', { medicationId: med(5), name: 'Baclofen', unit: 'tablets', stock: 2, daysLeft: 1, thresholdDays: 7, detectedAt: at }));
    expect(await armed()).toBe(false);
    expect((await query.armed(now)).map((f) => f.medicationId)).not.toContain(med(5));
    await feed(recipient(child, 'MedicationRefilled', { medicationId: med(5), amount: 1, reminderRearmed: false, refilledAt: at }));
    expect(await armed()).toBe(false);
    await feed(recipient(child, 'MedicationRefilled', { medicationId: med(5), amount: 30, reminderRearmed: true, refilledAt: at }));
    expect(await armed()).toBe(true);
  });

  it('removing a medication or the recipient removes its rows only', async () => {
    await feed(added(otherChild, med(6), 5), scheduled(task(40), med(6), '2026-11-27T08:00:00Z', otherChild));
    await feed(recipient(child, 'MedicationRemoved', { medicationId: med(1), removedAt: at }));
    expect(await query.forMedication(med(1), now)).toBeNull();
    await feed(recipient(child, 'CareRecipientRemoved', { removedAt: at }));
    expect([...(await query.forChild(child, now)).keys()]).toEqual([]);
    expect(await stockOf(med(6))).toBe(5);
    expect(await h.rows('medication_stock_tasks')).toEqual([expect.objectContaining({ task_id: task(40) })]);
  });

  it('an event handed over twice changes nothing, and a rebuild gives the same rows', async () => {
    const tables = projection.tables;
    const snapshot = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await h.rows(t)] as const)));
    const live = await snapshot();
    // replay every event again on top: each row has seen it
    await h.apply(projection, all);
    expect(await snapshot()).toEqual(live);
    // rebuild: empty the tables, replay the store
    for (const table of tables) await h.orm.em.fork().execute(`DELETE FROM ${table}`);
    await h.apply(projection, all);
    expect(await snapshot()).toEqual(live);
  });

  it('a rebuild in batches (applyBatch, as projections:rebuild replays) gives the same rows, whole or cut anywhere', async () => {
    const tables = projection.tables;
    const snapshot = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await h.rows(t)] as const)));
    const live = await snapshot();
    for (const size of [all.length, 7, 1]) {
      for (const table of tables) await h.orm.em.fork().execute(`DELETE FROM ${table}`);
      for (let i = 0; i < all.length; i += size) {
        const batch = all.slice(i, i + size).filter((event) => (projection.handles as readonly string[]).includes(event.type));
        if (batch.length > 0) await h.orm.em.fork().transactional((em) => projection.applyBatch(em, batch as Parameters<typeof projection.applyBatch>[1]));
      }
      expect(await snapshot()).toEqual(live);
    }
  });
});
