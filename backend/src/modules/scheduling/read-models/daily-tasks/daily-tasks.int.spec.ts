import { UsersQuery } from '../../../identity';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { CareTeamClock } from '../../time/care-team-clock';
import { DailyTasksProjection } from './daily-tasks.projection';
import { DailyTasksQuery } from './daily-tasks.query';
import { NO_TASK_DETAILS } from '../../../../test-support/task-details';
import type { RecipientOf } from '../../../care-recipients';

describe('daily_tasks read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  /** What a RecipientOf subquery answers (ChildrenQuery.getFor uses it inside its own statement). */
  const recipient = async ({ sql, params }: RecipientOf) => ((await h.em().execute(`SELECT (${sql}) AS child_id`, params)) as { child_id: string | null }[])[0].child_id;
  let query: DailyTasksQuery;
  const projection = new DailyTasksProjection();
  beforeAll(async () => {
    query = new DailyTasksQuery(h.orm.em, new UsersQuery(h.orm.em));
  });

  const maya = '00000000-0000-4000-8000-000000000001';
  const leo = '00000000-0000-4000-8000-000000000002';
  const parent = '10000000-0000-4000-8000-000000000001';
  const taskIds = ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `00000000-0000-4000-8000-0000000000${x}${x}`);

  const childAdded = (childId: string, firstName: string) =>
    h.record(`care-recipient-${childId}`, {
      type: 'CareRecipientAdded',
      data: { childId, primaryCaregiverId: parent, firstName, lastName: 'Lopez', dateOfBirth: null, medicalNotes: null, notes: null, gender: null, phone: null, email: null, profileImageUrl: null, addedAt: '2026-11-01T10:00:00Z' },
    });
  const scheduled = (taskId: string, childId: string, name: string, localTime: string, scheduledTime: string, extra: object = {}) =>
    h.record(`task-${taskId}`, {
      type: 'TaskScheduled',
      data: {
        taskId, childId, templateId: null, name, category: 'medication', priority: 'medium', isUrgent: false, ...NO_TASK_DETAILS,
        scheduledDate: '2026-11-21', localTime, timezone: 'America/Los_Angeles', scheduledTime,
        scheduledBy: parent, scheduledAt: '2026-11-20T10:00:00.000Z', ...extra,
      },
    });

  it('projects tasks with the recipient name and answers a day in the spec order', async () => {
    // identity's users read model, as its projection leaves it (this test may not import identity internals)
    await h.em().execute(
      `INSERT INTO users (id, email, first_name, last_name, timezone, created_at, updated_at) VALUES (?, 'ana@example.com', 'Ana', 'Silva', 'Europe/Paris', now(), now())`,
      [parent],
    );
    const events = [
      childAdded(maya, 'Maya'),
      childAdded(leo, 'Leo'),
      scheduled(taskIds[0], maya, 'Evening meds', '20:00', '2026-11-22T04:00:00.000Z'),
      scheduled(taskIds[1], maya, 'Morning meds', '08:00', '2026-11-21T16:00:00.000Z', { isUrgent: true, priority: 'high' }),
      scheduled(taskIds[2], maya, 'Breakfast', '07:00', '2026-11-21T15:00:00.000Z'),
      scheduled(taskIds[3], maya, 'Lunch', '12:00', '2026-11-21T20:00:00.000Z', {
        category: 'appointment',
        appointmentDetails: { type: 'doctor', subtype: null, startTime: '12:00', endTime: '13:00', location: 'Clinic', isTelemedicine: false, videoLink: null, attendees: null, reminders: ['24h', '2h'], travelTime: 10, prepTime: 0 },
      }),
      scheduled(taskIds[4], leo, 'Leo task', '09:00', '2026-11-21T17:00:00.000Z'),
      scheduled(taskIds[5], maya, 'Tomorrow', '09:00', '2026-11-22T17:00:00.000Z', { scheduledDate: '2026-11-22' }),
      h.record(`task-${taskIds[2]}`, { type: 'TaskCompleted', data: { taskId: taskIds[2], childId: maya, notes: 'Ate well', completedBy: parent, completedAt: '2026-11-21T15:05:00.000Z' } }),
    ];
    await h.apply(projection, events);

    const now = new Date('2026-11-21T18:00:00.000Z'); // 10:00 in Los Angeles
    const day = await query.onDate([maya], '2026-11-21', now);
    expect(day.map((t) => [t.name, t.status, t.isOverdue, t.isUrgentOverdue])).toEqual([
      ['Morning meds', 'pending', true, true], // overdue first
      ['Lunch', 'pending', false, false], // then pending by time
      ['Evening meds', 'pending', false, false],
      ['Breakfast', 'completed', false, false], // completed last
    ]);
    expect(day[3]).toMatchObject({ childName: 'Maya Lopez', completedBy: parent, completedByName: 'Ana Silva', completedAt: '2026-11-21T15:05:00.000Z', notes: 'Ate well', localTime: '07:00', scheduledDate: '2026-11-21', timezone: 'America/Los_Angeles' });
    expect(day[1].appointmentDetails).toMatchObject({ type: 'doctor', travelTime: 10, reminders: ['24h', '2h'] });
    expect((await query.onDate([maya, leo], '2026-11-21', now)).map((t) => t.name)).toContain('Leo task');
    expect((await query.inRange(maya, '2026-11-21', '2026-11-22', now)).map((t) => t.name)).toEqual(['Morning meds', 'Lunch', 'Evening meds', 'Tomorrow', 'Breakfast']);
    expect(await recipient(query.recipientOf(taskIds[4]))).toBe(leo);
    expect(await new CareTeamClock(h.orm.em, new UsersQuery(h.orm.em)).timezoneFor(maya)).toBe('Europe/Paris');
    expect(await new CareTeamClock(h.orm.em, new UsersQuery(h.orm.em)).today(maya, new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
  });

  it('uncomplete, update, rename of the recipient; replaying the same events changes nothing', async () => {
    const events = [
      h.record(`task-${taskIds[2]}`, { type: 'TaskUncompleted', data: { taskId: taskIds[2], childId: maya, uncompletedBy: parent, uncompletedAt: '2026-11-21T15:10:00.000Z' } }),
      h.record(`task-${taskIds[0]}`, {
        type: 'TaskUpdated',
        data: { taskId: taskIds[0], childId: maya, name: 'Night meds', localTime: '21:00', scheduledTime: '2026-11-22T05:00:00.000Z', updatedBy: parent, updatedAt: '2026-11-21T15:20:00.000Z' },
      }),
      h.record(`care-recipient-${maya}`, { type: 'CareRecipientUpdated', data: { childId: maya, firstName: 'Maya Rose', updatedAt: '2026-11-21T15:30:00Z' } }),
    ];
    await h.apply(projection, events);
    const before = await h.rows('daily_tasks');
    await h.apply(projection, events);
    expect(await h.rows('daily_tasks')).toEqual(before);

    const task = await query.byId(taskIds[0], new Date('2026-11-21T18:00:00.000Z'));
    expect(task).toMatchObject({ name: 'Night meds', localTime: '21:00', scheduledTime: '2026-11-22T05:00:00.000Z', childName: 'Maya Rose Lopez' });
    expect(await query.byId(taskIds[2], new Date('2026-11-21T18:00:00.000Z'))).toMatchObject({ status: 'pending', completedAt: null, completedBy: null, notes: null, isOverdue: true });
  });

  it('removed tasks are never listed; removing a recipient deletes its tasks; later tasks of it are ignored', async () => {
    await h.apply(projection, [
      h.record(`task-${taskIds[1]}`, { type: 'TaskRemoved', data: { taskId: taskIds[1], childId: maya, reason: 'Stopped', removedBy: parent, removedAt: '2026-11-21T15:40:00.000Z' } }),
    ]);
    const now = new Date('2026-11-21T18:00:00.000Z');
    expect((await query.onDate([maya], '2026-11-21', now)).map((t) => t.name)).not.toContain('Morning meds');
    expect(await query.byId(taskIds[1], now)).toBeNull();
    expect(await recipient(query.recipientOf(taskIds[1]))).toBeNull();

    await h.apply(projection, [
      h.record(`care-recipient-${leo}`, { type: 'CareRecipientRemoved', data: { childId: leo, removedAt: '2026-11-21T16:00:00Z' } }),
      scheduled('00000000-0000-4000-8000-000000000099', leo, 'Late materialisation', '10:00', '2026-11-21T18:00:00.000Z'),
    ]);
    expect(await query.onDate([leo], '2026-11-21', now)).toEqual([]);
    expect((await h.rows('scheduling_children')).map((r) => r.id)).toEqual([maya]);
  });
});
