import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import type TestAgent from 'supertest/lib/agent';
import { addDays, localDate, SCHEDULE_PARSE_MESSAGES, TASK_MESSAGES, TEMPLATE_MESSAGES, type ParsedScheduleTask, type Task, type TaskTemplate, type User } from '@carecircle/libs';
import { startTestApp, useTestApp } from '../../test-support/test-app';
import { occurrenceTaskId } from './workers/occurrence-ids';
import { MATERIALISE_CRON, RECURRING_TASKS_QUEUE, TemplateMaterialiser } from './workers/recurring-tasks.job';

jest.setTimeout(30_000);

const LA = 'America/Los_Angeles';
const ALL_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

describe('task templates, repeating tasks, schedule parsing and bulk approve over HTTP', () => {
  let owner: { agent: TestAgent; user: User };
  let other: { agent: TestAgent; user: User };
  let viewer: { agent: TestAgent; user: User };
  let childId: string;
  let othersChildId: string;

  const t = useTestApp();
  beforeAll(async () => {
    owner = await t.signUp({ firstName: 'Owner' });
    other = await t.signUp({ firstName: 'Other' });
    viewer = await t.signUp({ firstName: 'Grandpa' });
    childId = (await owner.agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id;
    othersChildId = (await other.agent.post('/api/children').send({ firstName: 'Sam', lastName: 'Rivera' }).expect(201)).body.id;
    await t.grantAccess(childId, owner.user.id, viewer.user.id, false);
  });

  const templatesOf = async (agent: TestAgent, id: string): Promise<TaskTemplate[]> =>
    (await agent.get(`/api/children/${id}/task-templates`).expect(200)).body;
  const tasksOn = async (id: string, date: string): Promise<Task[]> =>
    (await owner.agent.get(`/api/children/${id}/tasks`).query({ date }).expect(200)).body;
  const count = async (sql: string, params: unknown[]) => Number((await t.sql(sql, params)).rows[0].count);

  describe('POST /api/children/{childId}/task-templates', () => {
    it('creates a repeating template and today\'s tasks (today in the care team\'s zone)', async () => {
      const res = await owner.agent
        .post(`/api/children/${childId}/task-templates`)
        .send({
          childId,
          name: 'Keppra',
          category: 'medication',
          isUrgent: false,
          isRepeating: true,
          daysOfWeek: ALL_DAYS,
          scheduledTimes: ['20:00', '08:00'],
          priority: 'high',
          templateName: 'Keppra twice a day',
          isTemplate: true,
          repeatPattern: 'daily',
          repeatInterval: 1,
          estimatedDuration: 5,
          description: '250 mg',
          medicationId: 'none',
          timeNotes: { '08:00': 'With breakfast' },
        })
        .expect(201);
      const { template, tasks } = res.body as { template: TaskTemplate; tasks: Task[] };
      const today = template.repeatStartDate!;
      expect([localDate(new Date(Date.now() - 60_000), LA), localDate(new Date(), LA)]).toContain(today);
      expect(template).toMatchObject({
        childId, name: 'Keppra', templateName: 'Keppra twice a day', isTemplate: true, isRepeating: true, isActive: true,
        category: 'medication', priority: 'high', isUrgent: true, repeatPattern: 'daily', repeatInterval: 1, repeatEndDate: null,
        daysOfWeek: ALL_DAYS, scheduledTimes: ['08:00', '20:00'], estimatedDuration: 5, timeNotes: { '08:00': 'With breakfast' },
      });
      // 'none' names no medication: a medication schedule is linked to the recipient's medication of its name, made for it (issue 21).
      const medications = (await owner.agent.get(`/api/children/${childId}/medications`).expect(200)).body;
      expect(medications).toEqual([expect.objectContaining({ id: template.medicationId, name: 'Keppra', dosage: 'Dose not set', unit: 'doses' })]);
      expect(tasks.map((task) => [task.localTime, task.scheduledDate, task.timezone, task.templateId, task.isUrgent])).toEqual([
        ['08:00', today, LA, template.id, true],
        ['20:00', today, LA, template.id, true],
      ]);
      expect(tasks[0]).toMatchObject({ id: occurrenceTaskId(template.id, today, '08:00'), name: 'Keppra', timeSpecificNotes: 'With breakfast', status: 'pending' });
      expect((await tasksOn(childId, today)).filter((task) => task.templateId === template.id)).toHaveLength(2);
      expect((await templatesOf(owner.agent, childId)).map((x) => x.id)).toContain(template.id);
    });

    it('creates an onboarding medication template (no template fields, day numbers, a later start): no tasks today', async () => {
      const medication = (await owner.agent.post(`/api/children/${childId}/medications`).send({ name: 'Oxybutynin', dosage: '0.5 ml' }).expect(201)).body;
      const start = addDays(localDate(new Date(), LA), 2);
      const res = await owner.agent
        .post(`/api/children/${childId}/task-templates`)
        .send({
          childId, name: 'Oxybutynin', category: 'medication', isUrgent: true, isRepeating: true, medicationId: medication.id,
          repeatStartDate: `${start}T07:00:00.000Z`, repeatEndDate: '', daysOfWeek: [1, 2, 3, 4, 5], scheduledTimes: ['08:00'], priority: 'high',
        })
        .expect(201);
      expect(res.body.tasks).toEqual([]);
      expect(res.body.template).toMatchObject({
        medicationId: medication.id, repeatStartDate: start, repeatEndDate: null, isTemplate: false,
        daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      });
    });

    it('a non-repeating template is only a template', async () => {
      const res = await owner.agent
        .post(`/api/children/${childId}/task-templates`)
        .send({ name: 'Bath', category: 'hygiene_care', templateName: 'Evening bath', isTemplate: true, scheduledTimes: ['19:00'] })
        .expect(201);
      expect(res.body.tasks).toEqual([]);
      expect(res.body.template).toMatchObject({ isRepeating: false, templateName: 'Evening bath' });
    });

    const valid = { name: 'Catheterization', category: 'catheterization', isRepeating: true, scheduledTimes: ['06:00'] };
    it.each([
      ['no time', { scheduledTimes: [] }, TEMPLATE_MESSAGES.timesRequired],
      ['a template without a name', { isTemplate: true }, TEMPLATE_MESSAGES.templateNameRequired],
      ['no task name', { name: undefined }, TEMPLATE_MESSAGES.nameRequired],
      ['no category', { category: undefined }, TEMPLATE_MESSAGES.categoryRequired],
      ['an unknown category', { category: 'therapy' }, TEMPLATE_MESSAGES.unknownCategory],
      ['an impossible date', { repeatStartDate: '2027-02-30' }, TEMPLATE_MESSAGES.invalidDate],
      ['a date in words', { repeatStartDate: 'tomorrow' }, TEMPLATE_MESSAGES.invalidDate],
      ['an end before the start', { repeatStartDate: '2030-05-02', repeatEndDate: '2030-05-01' }, TEMPLATE_MESSAGES.endBeforeStart],
      ['interval 0', { repeatInterval: 0 }, TEMPLATE_MESSAGES.intervalRange],
      ['interval 31', { repeatInterval: 31 }, TEMPLATE_MESSAGES.intervalRange],
      ['weekly without days', { repeatPattern: 'weekly' }, TEMPLATE_MESSAGES.daysRequired],
      ['an unknown day', { daysOfWeek: ['someday'] }, TEMPLATE_MESSAGES.unknownDay],
      ['a bad time', { scheduledTimes: ['8am'] }, TEMPLATE_MESSAGES.invalidTime],
      ['another family\'s medication', { medicationId: randomUUID() }, TEMPLATE_MESSAGES.medicationNotFound],
    ])('refuses %s with a clear message and stores nothing', async (_, change, message) => {
      const before = (await templatesOf(owner.agent, childId)).length;
      const res = await owner.agent.post(`/api/children/${childId}/task-templates`).send({ ...valid, ...change }).expect(400);
      expect(res.body.message).toBe(message);
      expect((await templatesOf(owner.agent, childId)).length).toBe(before);
    });

    it.each([
      ['a text interval', { repeatInterval: '2' }],
      ['a text urgency', { isUrgent: 'yes' }],
      ['times as text', { scheduledTimes: '08:00' }],
      ['days as text', { daysOfWeek: 'monday' }],
      ['a day object', { daysOfWeek: [{ day: 1 }] }],
      ['a number date', { repeatStartDate: 20300101 }],
      ['an unknown priority', { priority: 'urgent' }],
      ['an unknown pattern', { repeatPattern: 'monthly' }],
      ['an array body', [1, 2]],
    ])('refuses wrong types: %s', async (_, body) => {
      const res = await owner.agent.post(`/api/children/${childId}/task-templates`).send(Array.isArray(body) ? body : { ...valid, ...body });
      expect(res.status).toBe(400);
    });

    it('is for the family only: 404 for another family, 403 for a viewer, 401 anonymous; viewers may list', async () => {
      await other.agent.post(`/api/children/${childId}/task-templates`).send(valid).expect(404);
      await viewer.agent.post(`/api/children/${childId}/task-templates`).send(valid).expect(403);
      await t.agent().post(`/api/children/${childId}/task-templates`).send(valid).expect(401);
      await other.agent.get(`/api/children/${childId}/task-templates`).expect(404);
      await t.agent().get(`/api/children/${childId}/task-templates`).expect(401);
      expect((await templatesOf(viewer.agent, childId)).length).toBeGreaterThan(0);
    });
  });

  describe('POST /api/repeating-tasks', () => {
    const payload = () => ({
      childId, name: 'Stretching', description: 'PT exercises', category: 'exercise_activity', isUrgent: false, priority: 'medium',
      isRepeating: true, scheduledTime: '07:30', repeatStartDate: localDate(new Date(), LA), daysOfWeek: ALL_DAYS,
      repeatPattern: 'custom', repeatInterval: 1, isTemplate: false, isActive: true,
    });

    it('creates the repeating task and today\'s task (childId in the body)', async () => {
      const res = await owner.agent.post('/api/repeating-tasks').send(payload()).expect(201);
      expect(res.body.template).toMatchObject({ childId, name: 'Stretching', repeatPattern: 'custom', isRepeating: true, scheduledTimes: ['07:30'], isActive: true });
      expect(res.body.tasks).toHaveLength(1);
      expect(res.body.tasks[0]).toMatchObject({ localTime: '07:30', templateId: res.body.template.id, description: 'PT exercises' });
    });

    it('an inactive repeating task makes no tasks', async () => {
      const res = await owner.agent.post('/api/repeating-tasks').send({ ...payload(), isActive: false }).expect(201);
      expect(res.body.template.isActive).toBe(false);
      expect(res.body.tasks).toEqual([]);
    });

    it('checks access on the body\'s childId like every child route', async () => {
      await other.agent.post('/api/repeating-tasks').send(payload()).expect(404);
      await viewer.agent.post('/api/repeating-tasks').send(payload()).expect(403);
      await t.agent().post('/api/repeating-tasks').send(payload()).expect(401);
      await owner.agent.post('/api/repeating-tasks').send({ ...payload(), childId: undefined }).expect(400);
      await owner.agent.post('/api/repeating-tasks').send({ ...payload(), childId: 'maya' }).expect(400);
      await owner.agent.post('/api/repeating-tasks').send({ ...payload(), childId: othersChildId }).expect(404);
    });

    it('refuses bad bodies', async () => {
      expect((await owner.agent.post('/api/repeating-tasks').send({ ...payload(), scheduledTime: undefined }).expect(400)).body.message).toBe(TEMPLATE_MESSAGES.timesRequired);
      expect((await owner.agent.post('/api/repeating-tasks').send({ ...payload(), daysOfWeek: [] }).expect(400)).body.message).toBe(TEMPLATE_MESSAGES.daysRequired);
      expect((await owner.agent.post('/api/repeating-tasks').send({ ...payload(), repeatInterval: 31 }).expect(400)).body.message).toBe(TEMPLATE_MESSAGES.intervalRange);
      await owner.agent.post('/api/repeating-tasks').send({ ...payload(), repeatInterval: 'x' }).expect(400);
    });
  });

  describe('POST /api/schedule/parse', () => {
    it('parses schedule text into reviewable tasks', async () => {
      const res = await owner.agent.post('/api/schedule/parse').send({ text: '8am Keppra 250mg, 12pm cath' }).expect(200);
      expect(res.body.tasks).toEqual([
        expect.objectContaining({ time: '08:00', name: 'Keppra', category: 'medication', dosage: '250 mg', isUrgent: true, priority: 'high', needsName: false }),
        expect.objectContaining({ time: '12:00', category: 'catheterization', isUrgent: false }),
      ]);
      expect(res.body).toMatchObject({ asNeeded: [], unscheduled: [] });
    });

    it('lists as-needed and untimed items, flags a dose without a name, and dates "for N days" from the start', async () => {
      const text = 'Zyrtec 5 ml\nTylenol 5ml at 8am and 8pm daily, Vitamin D once a day with breakfast\n8am 2.5 ml\nMotrin 100mg as needed\nAmoxicillin 250mg twice daily for 10 days';
      const res = await owner.agent.post('/api/schedule/parse').send({ text, startDate: '2030-01-30' }).expect(200);
      const brief = (res.body.tasks as ParsedScheduleTask[]).map((x) => [x.time, x.name, x.dosage, x.needsName, x.endDate ?? null]);
      expect(brief).toEqual([
        ['08:00', 'Tylenol', '5 ml', false, null],
        ['08:00', 'Vitamin D', '', false, null],
        ['08:00', '', '2.5 ml', true, null],
        ['08:00', 'Amoxicillin', '250 mg', false, '2030-02-08'],
        ['20:00', 'Tylenol', '5 ml', false, null],
        ['20:00', 'Amoxicillin', '250 mg', false, '2030-02-08'],
      ]);
      expect(res.body.asNeeded).toEqual([expect.objectContaining({ name: 'Motrin', dosage: '100 mg' })]);
      expect(res.body.unscheduled).toEqual([expect.objectContaining({ name: 'Zyrtec', dosage: '5 ml' })]);
      // Without a start date, the days count from the user's today.
      const today = localDate(new Date(), LA);
      const defaulted = await owner.agent.post('/api/schedule/parse').send({ text: 'Amoxicillin 250mg at 8am for 3 days' }).expect(200);
      expect(defaulted.body.tasks[0]).toMatchObject({ startDate: today, endDate: addDays(today, 2) });
    });

    it.each([
      ['blank text', { text: '   ' }, SCHEDULE_PARSE_MESSAGES.blankText],
      ['no text', {}, SCHEDULE_PARSE_MESSAGES.blankText],
      ['no time', { text: 'Keppra 250mg' }, SCHEDULE_PARSE_MESSAGES.noTimes],
      ['a start date that is not a date', { text: '8am Keppra 250mg', startDate: '2030-02-30' }, TASK_MESSAGES.invalidDate],
    ])('answers 400 with the spec\'s message for %s', async (_, body, message) => {
      expect((await owner.agent.post('/api/schedule/parse').send(body).expect(400)).body.message).toBe(message);
    });

    it('needs a signed-in user and text', async () => {
      await t.agent().post('/api/schedule/parse').send({ text: '8am meds' }).expect(401);
      await owner.agent.post('/api/schedule/parse').send({ text: 42 }).expect(400);
    });
  });

  describe('POST /api/children/{childId}/tasks/bulk', () => {
    it('turns each reviewed task into a repeating template with the schedule-text defaults, plus today\'s tasks', async () => {
      const parsed = (await owner.agent.post('/api/schedule/parse').send({ text: '7am Keppra 250mg, 7:15am speech therapy' }).expect(200)).body.tasks;
      const res = await owner.agent.post(`/api/children/${childId}/tasks/bulk`).send({ tasks: parsed }).expect(201);
      const today = localDate(new Date(), LA);
      const { templates, tasks } = res.body as { templates: TaskTemplate[]; tasks: Task[] };
      expect(templates.map((x) => [x.name, x.category, x.isUrgent, x.priority, x.repeatStartDate, x.repeatEndDate, x.daysOfWeek, x.scheduledTimes])).toEqual([
        ['Keppra', 'medication', true, 'high', today, addDays(today, 365), ALL_DAYS, ['07:00']],
        ['speech therapy', 'therapy_session', false, 'medium', today, addDays(today, 365), ALL_DAYS, ['07:15']],
      ]);
      expect(templates[0].description).toBe('Dosage: 250 mg');
      expect(tasks.map((task) => [task.name, task.localTime, task.scheduledDate])).toEqual([
        ['Keppra', '07:00', today],
        ['speech therapy', '07:15', today],
      ]);
    });

    it('an appointment from the schedule text becomes a one-hour appointment of type other', async () => {
      const res = await owner.agent
        .post(`/api/children/${childId}/tasks/bulk`)
        .send({ tasks: [{ time: '15:00', name: 'doctor visit', category: 'appointment', dosage: '', description: '', isUrgent: false, priority: 'medium' }] })
        .expect(201);
      expect(res.body.tasks[0]).toMatchObject({ category: 'appointment', appointmentDetails: expect.objectContaining({ type: 'other', startTime: '15:00', endTime: '16:00' }) });
    });

    it('keeps the reviewer\'s dates, weekdays and edits', async () => {
      const res = await owner.agent
        .post(`/api/children/${childId}/tasks/bulk`)
        .send({
          tasks: [{ time: '09:00', name: 'New Task', category: 'medication', dosage: '', description: '', isUrgent: false, priority: 'medium' }],
          startDate: '2030-01-01', endDate: '2030-03-01', daysOfWeek: [1, 2, 3, 4, 5],
        })
        .expect(201);
      expect(res.body.tasks).toEqual([]);
      expect(res.body.templates[0]).toMatchObject({
        isUrgent: false, priority: 'medium', repeatPattern: 'custom', repeatStartDate: '2030-01-01', repeatEndDate: '2030-03-01',
        daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], description: null,
      });
    });

    it('ends a task on its own end date ("for 10 days"), the others on the batch\'s', async () => {
      const res = await owner.agent
        .post(`/api/children/${childId}/tasks/bulk`)
        .send({
          tasks: [
            { time: '08:00', name: 'Amoxicillin', category: 'medication', dosage: '250 mg', endDate: '2030-01-10' },
            { time: '08:00', name: 'Keppra', category: 'medication', dosage: '250 mg' },
          ],
          startDate: '2030-01-01', endDate: '2030-06-01',
        })
        .expect(201);
      expect((res.body.templates as TaskTemplate[]).map((x) => [x.name, x.repeatEndDate])).toEqual([['Amoxicillin', '2030-01-10'], ['Keppra', '2030-06-01']]);
    });

    it('refuses bad bodies and creates nothing when one task is bad', async () => {
      const before = (await templatesOf(owner.agent, childId)).length;
      const good = { time: '09:00', name: 'Meds', category: 'medication' };
      const post = (body: object) => owner.agent.post(`/api/children/${childId}/tasks/bulk`).send(body);
      expect((await post({ tasks: [] }).expect(400)).body.message).toBe(TEMPLATE_MESSAGES.tasksRequired);
      expect((await post({ tasks: [good, { ...good, category: 'magic' }] }).expect(400)).body.message).toBe(TEMPLATE_MESSAGES.unknownCategory);
      expect((await post({ tasks: [good, { ...good, time: '25:00' }] }).expect(400)).body.message).toBe(TEMPLATE_MESSAGES.invalidTime);
      expect((await post({ tasks: [good], startDate: '2030-02-01', endDate: '2030-01-01' }).expect(400)).body.message).toBe(TEMPLATE_MESSAGES.endBeforeStart);
      expect((await post({ tasks: [good], daysOfWeek: [9] }).expect(400)).body.message).toBe(TEMPLATE_MESSAGES.unknownDay);
      // A task's own end date ("for 10 days") is checked like the batch's.
      expect((await post({ tasks: [good, { ...good, endDate: '2030-01-01' }], startDate: '2030-02-01' }).expect(400)).body.message).toBe(TEMPLATE_MESSAGES.endBeforeStart);
      expect((await post({ tasks: [good, { ...good, endDate: 'soon' }] }).expect(400)).body.message).toBe(TEMPLATE_MESSAGES.invalidDate);
      await post({}).expect(400);
      await post({ tasks: [{ ...good, name: 5 }] }).expect(400);
      await post({ tasks: 'meds' }).expect(400);
      expect((await templatesOf(owner.agent, childId)).length).toBe(before);
    });

    it('is for the family only', async () => {
      const body = { tasks: [{ time: '09:00', name: 'Meds', category: 'medication' }] };
      await other.agent.post(`/api/children/${childId}/tasks/bulk`).send(body).expect(404);
      await viewer.agent.post(`/api/children/${childId}/tasks/bulk`).send(body).expect(403);
      await t.agent().post(`/api/children/${childId}/tasks/bulk`).send(body).expect(401);
    });
  });

  describe('materialisation (the recurring-tasks job)', () => {
    const newChild = async (agent: TestAgent, firstName: string) =>
      (await agent.post('/api/children').send({ firstName, lastName: 'Test' }).expect(201)).body.id as string;
    const template = async (agent: TestAgent, id: string, body: object): Promise<TaskTemplate> =>
      (await agent.post(`/api/children/${id}/task-templates`).send({ name: 'Cath', category: 'catheterization', isRepeating: true, scheduledTimes: ['08:00', '20:00'], ...body }).expect(201)).body.template;
    const tasksOfTemplate = (templateId: string) => count('SELECT count(*) FROM daily_tasks WHERE template_id = $1', [templateId]);

    it('schedules each day once at the care team\'s midnight; running twice makes no duplicates', async () => {
      const kid = await newChild(owner.agent, 'Idem');
      const tpl = await template(owner.agent, kid, { repeatStartDate: '2030-01-01', repeatEndDate: '2030-01-10' });
      const materialiser = t.app.get(TemplateMaterialiser);

      // 23:50 on 31 December in Los Angeles: not started yet.
      await materialiser.materialiseDue(new Date('2030-01-01T07:50:00Z'));
      expect(await tasksOfTemplate(tpl.id)).toBe(0);

      // 00:05 on 1 January in Los Angeles.
      const now = new Date('2030-01-01T08:05:00Z');
      await materialiser.materialiseDue(now);
      expect(await tasksOfTemplate(tpl.id)).toBe(2);
      await materialiser.materialiseDue(now);
      await materialiser.materialiseDue(new Date('2030-01-01T08:20:00Z'));
      expect(await tasksOfTemplate(tpl.id)).toBe(2);

      // Even without the job's bookkeeping the deterministic ids keep it at one task per time.
      await t.sql('DELETE FROM template_materialisations WHERE template_id = $1', [tpl.id]);
      await Promise.all([materialiser.materialiseDue(now), materialiser.materialiseDue(now)]);
      expect(await tasksOfTemplate(tpl.id)).toBe(2);
      expect(await count('SELECT count(*) FROM es_events WHERE stream_id = $1', [`task-${occurrenceTaskId(tpl.id, '2030-01-01', '08:00')}`])).toBe(1);

      const day = await tasksOn(kid, '2030-01-01');
      expect(day.map((task) => [task.localTime, task.scheduledTime])).toEqual([
        ['08:00', '2030-01-01T16:00:00.000Z'],
        ['20:00', '2030-01-02T04:00:00.000Z'],
      ]);

      // The next day, and nothing after the end date.
      await materialiser.materialiseDue(new Date('2030-01-02T08:05:00Z'));
      expect(await tasksOfTemplate(tpl.id)).toBe(4);
      await materialiser.materialiseDue(new Date('2030-01-11T08:05:00Z'));
      expect(await tasksOfTemplate(tpl.id)).toBe(4);
    });

    it('does not bring back a task the family removed', async () => {
      const kid = await newChild(owner.agent, 'Removed');
      const tpl = await template(owner.agent, kid, { repeatStartDate: '2030-02-01', scheduledTimes: ['09:00'] });
      const materialiser = t.app.get(TemplateMaterialiser);
      await materialiser.materialiseDue(new Date('2030-02-01T09:00:00Z'));
      const [task] = await tasksOn(kid, '2030-02-01');
      await owner.agent.delete(`/api/tasks/${task.id}`).send({ reason: 'Skipped today' }).expect((res) => expect(res.status).toBeLessThan(300));
      await materialiser.materialiseDue(new Date('2030-02-01T10:00:00Z'));
      await t.sql('DELETE FROM template_materialisations WHERE template_id = $1', [tpl.id]);
      await materialiser.materialiseDue(new Date('2030-02-01T10:15:00Z'));
      expect(await tasksOn(kid, '2030-02-01')).toEqual([]);
    });

    it('gives each care team its own date: Tokyo gets its occurrences on its date', async () => {
      const tokyo = await t.signUp({ firstName: 'Kenji' });
      await tokyo.agent.patch('/api/user/timezone').send({ timezone: 'Asia/Tokyo' }).expect(200);
      const tokyoKid = await newChild(tokyo.agent, 'Hana');
      const laKid = await newChild(owner.agent, 'Leo');
      const tokyoTpl = await template(tokyo.agent, tokyoKid, { repeatStartDate: '2030-03-02', scheduledTimes: ['08:00'] });
      const laTpl = await template(owner.agent, laKid, { repeatStartDate: '2030-03-02', scheduledTimes: ['08:00'] });
      const materialiser = t.app.get(TemplateMaterialiser);

      // 16:00 UTC on 1 March: 01:00 on 2 March in Tokyo, 08:00 on 1 March in Los Angeles.
      await materialiser.materialiseDue(new Date('2030-03-01T16:00:00Z'));
      expect(await tasksOfTemplate(tokyoTpl.id)).toBe(1);
      expect(await tasksOfTemplate(laTpl.id)).toBe(0);
      const [hana] = (await tokyo.agent.get(`/api/children/${tokyoKid}/tasks`).query({ date: '2030-03-02' }).expect(200)).body as Task[];
      expect(hana).toMatchObject({ scheduledDate: '2030-03-02', localTime: '08:00', timezone: 'Asia/Tokyo', scheduledTime: '2030-03-01T23:00:00.000Z' });

      // 08:00 UTC on 2 March: midnight in Los Angeles.
      await materialiser.materialiseDue(new Date('2030-03-02T08:00:00Z'));
      expect(await tasksOfTemplate(laTpl.id)).toBe(1);
      expect(await tasksOfTemplate(tokyoTpl.id)).toBe(1);
    });

    it('keeps the local time across a daylight-saving change', async () => {
      const kid = await newChild(owner.agent, 'Dst');
      // US clocks spring forward on Sunday 10 March 2030.
      await template(owner.agent, kid, { repeatStartDate: '2030-03-09', scheduledTimes: ['08:00'] });
      const materialiser = t.app.get(TemplateMaterialiser);
      await materialiser.materialiseDue(new Date('2030-03-09T09:00:00Z'));
      await materialiser.materialiseDue(new Date('2030-03-10T09:00:00Z'));
      expect((await tasksOn(kid, '2030-03-09'))[0].scheduledTime).toBe('2030-03-09T16:00:00.000Z');
      expect((await tasksOn(kid, '2030-03-10'))[0].scheduledTime).toBe('2030-03-10T15:00:00.000Z');
    });

    it('runs as a repeatable Bull job every 15 minutes on the worker role', async () => {
      const queue = t.app.get<Queue>(getQueueToken(RECURRING_TASKS_QUEUE));
      const repeatable = await queue.getRepeatableJobs();
      expect(repeatable.map((job) => [job.name, job.cron])).toContainEqual(['materialise', MATERIALISE_CRON]);
    });
  });
});

describe('the recurring-tasks job on an api-only process', () => {
  it('is neither scheduled nor consumed', async () => {
    const api = await startTestApp({ APP_ROLES: 'api,projector' });
    try {
      const queue = api.app.get<Queue>(getQueueToken(RECURRING_TASKS_QUEUE));
      expect(await queue.getRepeatableJobs()).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
