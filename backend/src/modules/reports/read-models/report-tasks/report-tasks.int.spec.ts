import { randomUUID } from 'node:crypto';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { ReportTasksProjection } from './report-tasks.projection';
import { ReportTasksQuery, withMedicationNames } from './report-tasks.query';

/**
 * report_tasks on PostgreSQL, fed known task events; the adherence counts and the history pages
 * are read back exactly. Lines carry the tasks' names; the route names them from the medications
 * (withMedicationNames, tested at the end; reports.e2e.spec.ts through HTTP).
 */
describe('report tasks read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new ReportTasksProjection();
  const query = () => new ReportTasksQuery(h.orm.em);

  const childId = randomUUID();
  const otherChild = randomUUID();
  const parent = randomUUID();
  const amoxicillin = randomUUID();
  const now = new Date('2026-11-10T12:00:00.000Z');

  /** A task of `childId` at `time` (UTC) on `date`, and what then happens to it. */
  function task(name: string, date: string, time: string, { medicationId = null as string | null, category = 'medication', child = childId } = {}) {
    const taskId = randomUUID();
    const stream = `task-${taskId}`;
    const scheduledTime = `${date}T${time}:00.000Z`;
    const base = { taskId, childId: child };
    return {
      taskId,
      scheduled: h.record(stream, {
        type: 'TaskScheduled',
        data: { ...base, name, category, description: null, priority: 'medium', isUrgent: false, medicationId, imageUrl: null, timeSlot: null, taskGroupId: null, timeSpecificNotes: null,
          appointmentDetails: null, scheduledDate: date, localTime: time, timezone: 'UTC', scheduledTime, templateId: null, scheduledBy: parent, scheduledAt: '2026-11-01T00:00:00.000Z' },
      }),
      completed: (completedAt: string, notes: string | null = null) => h.record(stream, { type: 'TaskCompleted', data: { ...base, notes, completedBy: parent, completedAt } }),
      uncompleted: () => h.record(stream, { type: 'TaskUncompleted', data: { ...base, uncompletedBy: parent, uncompletedAt: now.toISOString() } }),
      removed: (reason: string) => h.record(stream, { type: 'TaskRemoved', data: { ...base, reason, removedBy: parent, removedAt: '2026-11-05T09:00:00.000Z' } }),
      moved: (date2: string, time2: string) => h.record(stream, { type: 'TaskUpdated', data: { ...base, scheduledDate: date2, localTime: time2, scheduledTime: `${date2}T${time2}:00.000Z`, updatedBy: parent, updatedAt: now.toISOString() } }),
    };
  }

  it('counts per medication in the range: on time, early, late, missed, not due, removed with reasons; the same after applying twice', async () => {
    const onTime = task('Amoxicillin', '2026-11-02', '08:00', { medicationId: amoxicillin });
    const grace = task('Amoxicillin', '2026-11-02', '20:00', { medicationId: amoxicillin });
    const early = task('Amoxicillin', '2026-11-03', '08:00', { medicationId: amoxicillin });
    const late = task('Amoxicillin', '2026-11-03', '20:00', { medicationId: amoxicillin });
    const missed = task('Amoxicillin', '2026-11-04', '08:00', { medicationId: amoxicillin });
    const reopened = task('Amoxicillin', '2026-11-04', '20:00', { medicationId: amoxicillin });
    const removedA = task('Amoxicillin', '2026-11-05', '08:00', { medicationId: amoxicillin });
    const removedB = task('Amoxicillin', '2026-11-05', '20:00', { medicationId: amoxicillin });
    const removedC = task('Amoxicillin', '2026-11-06', '08:00', { medicationId: amoxicillin });
    const notDue = task('Amoxicillin', '2026-11-10', '12:00', { medicationId: amoxicillin }); // now - grace has not passed
    const movedIn = task('Amoxicillin', '2026-10-20', '08:00', { medicationId: amoxicillin }); // moved into the range, then completed late
    const outside = task('Amoxicillin', '2026-11-20', '08:00', { medicationId: amoxicillin });
    const vitamin = task('Vitamin D', '2026-11-02', '09:00'); // no medication id: grouped by name
    const vitaminAgain = task('vitamin d ', '2026-11-03', '09:00');
    const walk = task('Walk', '2026-11-02', '10:00', { category: 'exercise' });
    const otherFamily = task('Amoxicillin', '2026-11-02', '08:00', { medicationId: amoxicillin, child: otherChild });

    const events = [
      ...[onTime, grace, early, late, missed, reopened, removedA, removedB, removedC, notDue, movedIn, outside, vitamin, vitaminAgain, walk, otherFamily].map((t) => t.scheduled),
      onTime.completed('2026-11-02T07:10:00.000Z'), // 50 minutes before: on time
      grace.completed('2026-11-02T20:30:00.000Z'), // exactly 30 minutes after: on time
      early.completed('2026-11-03T06:59:00.000Z'), // 61 minutes before: early
      late.completed('2026-11-03T20:31:00.000Z'), // 31 minutes after: late
      reopened.completed('2026-11-04T20:00:00.000Z'),
      reopened.uncompleted(), // pending again, and its time is long past: missed
      removedA.removed('Vomited the dose'),
      removedB.removed('Vomited the dose'),
      removedC.removed('Doctor stopped it'),
      movedIn.moved('2026-11-06', '20:00'),
      movedIn.completed('2026-11-06T22:00:00.000Z'), // late
      vitamin.completed('2026-11-02T09:00:00.000Z'),
      walk.completed('2026-11-02T10:00:00.000Z'),
      otherFamily.completed('2026-11-02T08:00:00.000Z'),
    ];
    await h.apply(projection, events);
    await h.apply(projection, events); // applied again: the same rows

    const lines = await query().adherence(childId, '2026-11-01', '2026-11-10', now);
    expect(lines).toEqual([
      { medicationId: amoxicillin, name: 'Amoxicillin', dosage: null, scheduled: 11, onTime: 2, early: 1, late: 2, missed: 2, notDue: 1, removed: 3,
        removedReasons: [{ reason: 'Vomited the dose', count: 2 }, { reason: 'Doctor stopped it', count: 1 }] },
      { medicationId: null, name: 'Vitamin D', dosage: null, scheduled: 2, onTime: 1, early: 0, late: 0, missed: 1, notDue: 0, removed: 0, removedReasons: [] },
    ]);
    // One day only; and another recipient's doses never count.
    expect((await query().adherence(childId, '2026-11-05', '2026-11-05', now))[0]).toMatchObject({ scheduled: 2, removed: 2, onTime: 0 });
    expect(await query().adherence(randomUUID(), '2026-11-01', '2026-11-10', now)).toEqual([]);
    expect((await query().adherence(otherChild, '2026-11-01', '2026-11-10', now))[0]).toMatchObject({ scheduled: 1, onTime: 1 });
  });

  it('gives the same rows applied in batches, whole or cut anywhere, as one event at a time (a live batch, a rebuild)', async () => {
    const child = randomUUID();
    const a = task('Amoxicillin', '2026-11-02', '08:00', { medicationId: amoxicillin, child });
    const b = task('Vitamin D', '2026-11-02', '09:00', { child });
    const c = task('Walk', '2026-11-03', '10:00', { category: 'exercise', child });
    const gone = randomUUID();
    const d = task('Amoxicillin', '2026-11-02', '08:00', { child: gone });
    const events = [a.scheduled, b.scheduled, c.scheduled, d.scheduled, a.completed('2026-11-02T06:30:00.000Z'), b.completed('2026-11-02T09:10:00.000Z'),
      a.uncompleted(), a.moved('2026-11-02', '07:00'), a.completed('2026-11-02T07:20:00.000Z'), c.removed('Rain'), c.completed('2026-11-03T10:00:00.000Z'),
      b.moved('2026-11-02', '06:00'), d.completed('2026-11-02T08:00:00.000Z'),
      h.record(`care-recipient-${gone}`, { type: 'CareRecipientRemoved', data: { childId: gone, removedAt: now.toISOString() } }, { actorId: parent }),
      d.scheduled];
    const rowsOf = async () => (await h.rows('report_tasks')).filter((row) => row.child_id === child || row.child_id === gone);
    const reset = () => h.em().execute('DELETE FROM report_tasks WHERE child_id IN (?, ?)', [child, gone]);

    await h.apply(projection, events);
    const oneByOne = await rowsOf();
    expect(oneByOne.map((row) => [row.name, row.status, row.timing])).toEqual(
      expect.arrayContaining([['Amoxicillin', 'completed', 'on_time'], ['Vitamin D', 'completed', 'late'], ['Walk', 'removed', null], ['Amoxicillin', 'pending', null]]),
    );
    for (const size of [events.length, 5, 2]) {
      await reset();
      for (let i = 0; i < events.length; i += size) {
        await h.em().transactional((em) => projection.applyBatch(em, events.slice(i, i + size) as Parameters<typeof projection.applyBatch>[1]));
      }
      expect(await rowsOf()).toEqual(oneByOne);
    }
  });

  it('pages the history in day and time order with each outcome, removed tasks and their reasons included', async () => {
    const all: { rows: Awaited<ReturnType<ReportTasksQuery['historyPage']>>['rows'] } = { rows: [] };
    let page = await query().historyPage(childId, '2026-11-02', '2026-11-05', now, { size: 4 });
    all.rows.push(...page.rows);
    while (page.next) {
      page = await query().historyPage(childId, '2026-11-02', '2026-11-05', now, { after: page.next, size: 4 });
      all.rows.push(...page.rows);
    }
    expect(all.rows.map((r) => [r.scheduledDate, r.localTime, r.name, r.outcome])).toEqual([
      ['2026-11-02', '08:00', 'Amoxicillin', 'on_time'],
      ['2026-11-02', '09:00', 'Vitamin D', 'on_time'],
      ['2026-11-02', '10:00', 'Walk', 'on_time'],
      ['2026-11-02', '20:00', 'Amoxicillin', 'on_time'],
      ['2026-11-03', '08:00', 'Amoxicillin', 'early'],
      ['2026-11-03', '09:00', 'vitamin d ', 'missed'],
      ['2026-11-03', '20:00', 'Amoxicillin', 'late'],
      ['2026-11-04', '08:00', 'Amoxicillin', 'missed'],
      ['2026-11-04', '20:00', 'Amoxicillin', 'missed'],
      ['2026-11-05', '08:00', 'Amoxicillin', 'removed'],
      ['2026-11-05', '20:00', 'Amoxicillin', 'removed'],
    ]);
    expect(all.rows[9]).toMatchObject({ removedReason: 'Vomited the dose', removedBy: parent, removedAt: '2026-11-05T09:00:00.000Z', completedAt: null });
    expect(all.rows[0]).toMatchObject({ completedBy: parent, completedAt: '2026-11-02T07:10:00.000Z' });
  });

  it("keeps every task id for the export, oldest first, and forgets a removed recipient's rows", async () => {
    const ids: string[] = [];
    for (let page = await query().taskIds(childId, { size: 5 }); ; page = await query().taskIds(childId, { after: page.next, size: 5 })) {
      ids.push(...page.ids);
      if (!page.next) break;
    }
    expect(ids).toHaveLength(15);
    expect(new Set(ids).size).toBe(15);
    await h.apply(projection, [h.record(`care-recipient-${childId}`, { type: 'CareRecipientRemoved', data: { childId, removedAt: now.toISOString() } }, { actorId: parent })]);
    expect((await query().taskIds(childId, { size: 100 })).ids).toEqual([]);
    expect(await query().adherence(childId, '2026-11-01', '2026-11-10', now)).toEqual([]);
    expect((await query().taskIds(otherChild, { size: 100 })).ids).toHaveLength(1);
  });

  it('names lines after the medication as it is now, and keeps the name of a line whose medication is gone', () => {
    const line = (medicationId: string | null, name: string) => ({ medicationId, name, dosage: null, scheduled: 1, onTime: 1, early: 0, late: 0, missed: 0, notDue: 0, removed: 0, removedReasons: [] });
    expect(withMedicationNames([line(amoxicillin, 'Amoxicillin'), line(null, 'Vitamin D'), line(randomUUID(), 'Zyrtec')], [{ id: amoxicillin, name: 'Amoxil', dosage: '250 mg' }]).map((l) => [l.name, l.dosage])).toEqual([
      ['Amoxil', '250 mg'],
      ['Vitamin D', null],
      ['Zyrtec', null],
    ]);
  });
});
