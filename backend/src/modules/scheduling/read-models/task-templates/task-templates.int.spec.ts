import { useProjectionHarness } from '../../../../test-support/projection-harness';
import type { TaskTemplateEvent } from '../../domain/task-template';
import { TaskTemplatesProjection } from './task-templates.projection';
import { TaskTemplatesQuery } from './task-templates.query';

describe('task templates read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new TaskTemplatesProjection();

  const maya = '00000000-0000-4000-8000-000000000001';
  const leo = '00000000-0000-4000-8000-000000000002';
  const parent = '10000000-0000-4000-8000-000000000001';
  const nurse = '10000000-0000-4000-8000-000000000002';
  const ids = { cath: '20000000-0000-4000-8000-000000000001', keppra: '20000000-0000-4000-8000-000000000002', leoMeds: '20000000-0000-4000-8000-000000000003' };
  const med = '30000000-0000-4000-8000-000000000001';

  const created = (templateId: string, childId: string, change: object, createdAt: string) =>
    h.record(`task-template-${templateId}`, {
      type: 'TaskTemplateCreated',
      data: {
        templateId, childId, name: 'Catheterization', templateName: null, category: 'catheterization', description: null,
        medicationId: null, isUrgent: true, priority: 'high', estimatedDuration: null, imageUrl: null, isRepeating: true,
        isTemplate: false, repeatPattern: 'daily', repeatInterval: 1, repeatStartDate: '2026-11-21', repeatEndDate: null,
        daysOfWeek: ['monday', 'friday'], scheduledTimes: ['06:00', '12:00'], timeNotes: { '06:00': 'Before school' },
        createdBy: parent, createdAt, ...change,
      },
    } satisfies TaskTemplateEvent);
  const deactivated = (templateId: string, childId: string) =>
    h.record(`task-template-${templateId}`, {
      type: 'TaskTemplateDeactivated',
      data: { templateId, childId, deactivatedBy: parent, deactivatedAt: '2026-11-25T10:00:00Z' },
    } satisfies TaskTemplateEvent);

  it('projects created templates with every field, per recipient, oldest first', async () => {
    await h.apply(projection, [
      created(ids.cath, maya, {}, '2026-11-21T10:00:00Z'),
      created(ids.keppra, maya, {
        name: 'Keppra', templateName: 'Evening Keppra', isTemplate: true, category: 'medication', medicationId: med,
        repeatPattern: 'weekly', repeatInterval: 2, repeatEndDate: '2027-11-21', estimatedDuration: 5, imageUrl: 'https://x/y.png',
      }, '2026-11-22T10:00:00Z'),
      created(ids.leoMeds, leo, { repeatEndDate: '2026-11-30' }, '2026-11-22T11:00:00Z'),
    ]);
    const query = new TaskTemplatesQuery(h.orm.em);
    const mayas = await query.forChild(maya);
    expect(mayas.map((t) => t.name)).toEqual(['Catheterization', 'Keppra']);
    expect(mayas[0]).toEqual({
      id: ids.cath, childId: maya, name: 'Catheterization', templateName: null, category: 'catheterization', description: null,
      medicationId: null, isUrgent: true, priority: 'high', estimatedDuration: null, imageUrl: null, isRepeating: true,
      isTemplate: false, isActive: true, repeatPattern: 'daily', repeatInterval: 1, repeatStartDate: '2026-11-21', repeatEndDate: null,
      daysOfWeek: ['monday', 'friday'], scheduledTimes: ['06:00', '12:00'], timeNotes: { '06:00': 'Before school' },
      createdAt: '2026-11-21T10:00:00.000Z', isPaused: false, effectiveFrom: null, earlierVersions: [],
    });
    expect(mayas[1]).toMatchObject({ templateName: 'Evening Keppra', isTemplate: true, medicationId: med, repeatPattern: 'weekly', repeatInterval: 2, repeatEndDate: '2027-11-21', estimatedDuration: 5 });
    expect((await query.byIds([ids.keppra, ids.cath])).map((t) => t.id)).toEqual([ids.keppra, ids.cath]);
  });

  it('lists active repeating templates that have not ended for the materialisation job', async () => {
    const query = new TaskTemplatesQuery(h.orm.em);
    expect((await query.activeRepeating('2026-11-30')).map((t) => t.id).sort()).toEqual([ids.cath, ids.keppra, ids.leoMeds].sort());
    expect((await query.activeRepeating('2026-12-01')).map((t) => t.id).sort()).toEqual([ids.cath, ids.keppra].sort());
    // The job records occurrences in the name of who created (or last changed) the schedule.
    expect((await query.activeRepeating('2026-12-01')).map((t) => t.changedBy)).toEqual([parent, parent]);
  });

  it('deactivation keeps the template listed but out of the job; replaying changes nothing', async () => {
    await h.apply(projection, [deactivated(ids.cath, maya)]);
    const query = new TaskTemplatesQuery(h.orm.em);
    expect((await query.forChild(maya)).map((t) => [t.name, t.isActive])).toEqual([['Catheterization', false], ['Keppra', true]]);
    expect((await query.activeRepeating('2026-12-01')).map((t) => t.id)).toEqual([ids.keppra]);

    const before = await h.rows('task_templates');
    await h.apply(projection, [created(ids.keppra, maya, { name: 'Keppra', templateName: 'Evening Keppra', isTemplate: true, category: 'medication', medicationId: med, repeatPattern: 'weekly', repeatInterval: 2, repeatEndDate: '2027-11-21', estimatedDuration: 5, imageUrl: 'https://x/y.png' }, '2026-11-22T10:00:00Z'), deactivated(ids.cath, maya)]);
    expect(await h.rows('task_templates')).toEqual(before);
  });

  it('a schedule change keeps the earlier version for the days before it; pause and resume; replaying changes nothing', async () => {
    const query = new TaskTemplatesQuery(h.orm.em);
    const [keppra] = await query.byIds([ids.keppra]);
    const { id: _i, childId: _c, isActive: _a, createdAt: _t, isPaused: _p, effectiveFrom: _e, earlierVersions: _v, ...original } = keppra;
    const changed = (effectiveFrom: string, change: object, at: string) =>
      h.record(`task-template-${ids.keppra}`, {
        type: 'TaskTemplateScheduleChanged',
        data: { templateId: ids.keppra, childId: maya, effectiveFrom, details: { ...original, ...change }, changedBy: parent, changedAt: at },
      } satisfies TaskTemplateEvent);
    const events = [
      changed('2026-12-10', { scheduledTimes: ['09:00'] }, '2026-11-26T10:00:00Z'),
      changed('2026-12-01', { scheduledTimes: ['07:00'], description: '7.5 ml' }, '2026-11-27T10:00:00Z'),
      h.record(`task-template-${ids.keppra}`, { type: 'TaskTemplatePaused', data: { templateId: ids.keppra, childId: maya, pausedBy: parent, pausedAt: '2026-11-28T10:00:00Z' } } satisfies TaskTemplateEvent),
    ];
    await h.apply(projection, events);
    const [after] = await query.byIds([ids.keppra]);
    // the change from 12-01 replaced the one from 12-10; the original stays for the days before 12-01
    expect(after).toMatchObject({ scheduledTimes: ['07:00'], description: '7.5 ml', effectiveFrom: '2026-12-01', isPaused: true, name: 'Keppra', repeatPattern: 'weekly' });
    expect(after.earlierVersions).toEqual([{ from: null, details: original }]);
    expect((await query.activeRepeating('2026-12-01')).map((t) => t.id)).not.toContain(ids.keppra);

    const before = await h.rows('task_templates');
    await h.apply(projection, events);
    expect(await h.rows('task_templates')).toEqual(before);

    await h.apply(projection, [h.record(`task-template-${ids.keppra}`, { type: 'TaskTemplateResumed', data: { templateId: ids.keppra, childId: maya, resumedBy: nurse, resumedAt: '2026-11-29T10:00:00Z' } } satisfies TaskTemplateEvent)]);
    expect((await query.byIds([ids.keppra]))[0].isPaused).toBe(false);
    // Resumed by another caregiver: the occurrences from now on are hers.
    expect((await query.activeRepeating('2026-12-01')).find((t) => t.id === ids.keppra)).toMatchObject({ changedBy: nurse });
  });

  it('removing a care recipient drops its templates', async () => {
    await h.apply(projection, [h.record(`care-recipient-${maya}`, { type: 'CareRecipientRemoved', data: { childId: maya, removedAt: '2026-11-26T10:00:00Z' } })]);
    const query = new TaskTemplatesQuery(h.orm.em);
    expect(await query.forChild(maya)).toEqual([]);
    expect((await query.forChild(leo)).map((t) => t.id)).toEqual([ids.leoMeds]);
  });
});
