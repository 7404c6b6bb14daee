import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { addDays, localDate, TEMPLATE_MESSAGES, type Medication, type Task, type TaskTemplate, type User } from '@carecircle/libs';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { weekdayOf } from './domain/template-occurrence';

jest.setTimeout(60_000);

const LA = 'America/Los_Angeles';

/**
 * Issue 21 over HTTP: a reviewed regimen (Mon/Wed/Fri, every other day, a taper) is saved as it was
 * written, and the day views of the two weeks after its start show exactly it; medication schedules
 * are linked to the recipient's medications, found by name or added once.
 */
describe('medication regimens: bulk create, day views and medications over HTTP', () => {
  let t: TestApp;
  let owner: { agent: TestAgent; user: User };
  let other: { agent: TestAgent; user: User };
  /** Tomorrow in the care team's zone: every day checked is a planned day. */
  let start: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signUp({ firstName: 'Owner' });
    other = await t.signUp({ firstName: 'Other' });
    start = addDays(localDate(new Date(), LA), 1);
  });
  afterAll(async () => {
    await t.close();
  });

  const newChild = async (agent = owner.agent): Promise<string> =>
    (await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id;
  const bulk = (childId: string, body: object, agent = owner.agent) => agent.post(`/api/children/${childId}/tasks/bulk`).send(body);
  const medicationsOf = async (childId: string): Promise<Medication[]> => (await owner.agent.get(`/api/children/${childId}/medications`).expect(200)).body;
  const templatesOf = async (childId: string): Promise<TaskTemplate[]> => (await owner.agent.get(`/api/children/${childId}/task-templates`).expect(200)).body;
  const fortnight = () => Array.from({ length: 14 }, (_, i) => addDays(start, i));
  /** The day view of each of the 14 days from the start: what the family sees for that date. */
  const dayViews = async (childId: string): Promise<Map<string, Task[]>> => {
    const days = new Map<string, Task[]>();
    for (const date of fortnight()) days.set(date, (await owner.agent.get('/api/tasks').query({ childId, date }).expect(200)).body);
    return days;
  };
  const brief = (days: Map<string, Task[]>) => [...days].map(([date, tasks]) => [date, tasks.map((task) => `${task.localTime} ${task.name}: ${task.description}`)]);
  const MON_WED_FRI = new Set([1, 3, 5]);

  it('Mon/Wed/Fri only: the days between have nothing; the medication is made once with its strength', async () => {
    const childId = await newChild();
    const res = await bulk(childId, {
      tasks: [{ time: '08:00', name: 'Vitamin D3', category: 'medication', dosage: '1 tab', strength: '1000 IU', daysOfWeek: ['monday', 'wednesday', 'friday'] }],
      startDate: start,
    }).expect(201);
    const template = res.body.templates[0] as TaskTemplate;
    expect(template).toMatchObject({ repeatPattern: 'custom', repeatInterval: 1, repeatStartDate: start, daysOfWeek: ['monday', 'wednesday', 'friday'] });

    const days = await dayViews(childId);
    expect(brief(days)).toEqual(fortnight().map((date) => [date, MON_WED_FRI.has(weekdayOf(date)) ? ['08:00 Vitamin D3: Dosage: 1 tab'] : []]));

    const [medication, ...more] = await medicationsOf(childId);
    expect(more).toEqual([]);
    expect(medication).toMatchObject({ name: 'Vitamin D3', dosage: '1 tab', strength: '1000 IU', unit: 'tablets', doseAmount: 1 });
    expect(medication.dosesPerDay).toBeCloseTo(3 / 7, 5);
    expect(template.medicationId).toBe(medication.id);
    expect([...days.values()].flat().every((task) => task.medicationId === medication.id)).toBe(true);
    expect(res.body.medications).toEqual([expect.objectContaining({ id: medication.id, name: 'Vitamin D3' })]);
  });

  it('every other day: one dose every second day from the start, half a dose a day on average', async () => {
    const childId = await newChild();
    const res = await bulk(childId, {
      tasks: [{ time: '21:00', name: 'Clobazam', category: 'medication', dosage: '1/2 tab', strength: '10 mg', repeatInterval: 2 }],
      startDate: start,
    }).expect(201);
    expect(res.body.templates[0]).toMatchObject({ repeatPattern: 'daily', repeatInterval: 2, repeatStartDate: start });
    const days = await dayViews(childId);
    expect(brief(days)).toEqual(fortnight().map((date, i) => [date, i % 2 === 0 ? ['21:00 Clobazam: Dosage: 1/2 tab'] : []]));
    const medications = await medicationsOf(childId);
    expect(medications).toEqual([expect.objectContaining({ name: 'Clobazam', dosage: '1/2 tab', strength: '10 mg', unit: 'tablets', doseAmount: 0.5 })]);
    expect(medications[0].dosesPerDay).toBeCloseTo(0.5, 5);
  });

  it('a three-step taper: consecutive steps, each day exactly one dose of that step, then nothing', async () => {
    const childId = await newChild();
    const step = (dosage: string, from: number, to: number) => ({
      time: '08:00', name: 'Prednisolone', category: 'medication', dosage, strength: '15 mg/5 mL', startDate: addDays(start, from), endDate: addDays(start, to),
    });
    const res = await bulk(childId, { tasks: [step('10 ml', 0, 2), step('5 ml', 3, 5), step('2.5 ml', 6, 8)], startDate: start }).expect(201);
    expect((res.body.templates as TaskTemplate[]).map((x) => [x.repeatStartDate, x.repeatEndDate])).toEqual([
      [start, addDays(start, 2)],
      [addDays(start, 3), addDays(start, 5)],
      [addDays(start, 6), addDays(start, 8)],
    ]);
    const dose = (i: number) => (i < 3 ? '10 ml' : i < 6 ? '5 ml' : i < 9 ? '2.5 ml' : null);
    const days = await dayViews(childId);
    expect(brief(days)).toEqual(fortnight().map((date, i) => [date, dose(i) ? [`08:00 Prednisolone: Dosage: ${dose(i)}`] : []]));

    // One medication for the three steps, linked from each; one dose a day, not three.
    const medications = await medicationsOf(childId);
    expect(medications).toEqual([expect.objectContaining({ name: 'Prednisolone', dosage: '10 ml', strength: '15 mg/5 mL', unit: 'ml', doseAmount: 10 })]);
    expect(medications[0].dosesPerDay).toBeCloseTo(1, 5);
    expect(new Set((res.body.templates as TaskTemplate[]).map((x) => x.medicationId))).toEqual(new Set([medications[0].id]));
  });

  it('a flagged task (needsReview) is refused and nothing is created', async () => {
    const childId = await newChild();
    const res = await bulk(childId, {
      tasks: [
        { time: '08:00', name: 'Keppra', category: 'medication', dosage: '2.5 ml' },
        { time: '14:00', name: 'Glycopyrrolate', category: 'medication', dosage: '1.5 ml', needsReview: true },
      ],
      medications: [{ name: 'Motrin', dosage: '5 ml' }],
    }).expect(400);
    expect(res.body.message).toBe(TEMPLATE_MESSAGES.needsReview);
    expect(await templatesOf(childId)).toEqual([]);
    expect(await medicationsOf(childId)).toEqual([]);
    // Confirmed (needsReview false), it is created.
    await bulk(childId, { tasks: [{ time: '14:00', name: 'Glycopyrrolate', category: 'medication', dosage: '1.5 ml', needsReview: false }] }).expect(201);
  });

  describe('bad values are a 400 that changes nothing', () => {
    let childId: string;
    beforeAll(async () => {
      childId = await newChild();
    });
    const good = { time: '08:00', name: 'Keppra', category: 'medication', dosage: '2.5 ml' };
    it.each([
      ['interval 0', { repeatInterval: 0 }, TEMPLATE_MESSAGES.intervalRange],
      ['interval 31', { repeatInterval: 31 }, TEMPLATE_MESSAGES.intervalRange],
      ['interval "x"', { repeatInterval: 'x' }, TEMPLATE_MESSAGES.intervalRange],
      ['interval 1.5', { repeatInterval: 1.5 }, TEMPLATE_MESSAGES.intervalRange],
      ['an end before the start', { startDate: '2030-02-10', endDate: '2030-02-09' }, TEMPLATE_MESSAGES.endBeforeStart],
      ['an end before the batch start', { endDate: '2030-01-01' }, TEMPLATE_MESSAGES.endBeforeStart],
      ['year 9999', { startDate: '9999-01-01' }, undefined],
      ['an end in year 9999', { endDate: '9999-12-31' }, undefined],
      ['a day that is not one', { daysOfWeek: ['funday'] }, TEMPLATE_MESSAGES.unknownDay],
      ['days as text', { daysOfWeek: 'monday' }, TEMPLATE_MESSAGES.unknownDay],
      ['a strength past 100 characters', { strength: 'x'.repeat(101) }, undefined],
      ['needsReview as text', { needsReview: 'no' }, undefined],
    ])('%s', async (_, change, message) => {
      const body = { tasks: [good, { ...good, name: 'Depakote', ...change }], startDate: '2030-02-01', medications: [{ name: 'Motrin', dosage: '5 ml' }] };
      const res = await bulk(childId, body).expect(400);
      if (message) expect(res.body.message).toBe(message);
      expect(await templatesOf(childId)).toEqual([]);
      expect(await medicationsOf(childId)).toEqual([]);
    });

    it('a listed medication without a name, or too many, is refused', async () => {
      await bulk(childId, { tasks: [good], medications: [{ dosage: '5 ml' }] }).expect(400);
      const many = Array.from({ length: 101 }, (_, i) => ({ name: `Med ${i}`, dosage: '1 tab' }));
      expect((await bulk(childId, { tasks: [good], medications: many }).expect(400)).body.message).toBe(TEMPLATE_MESSAGES.medicationsMax);
      expect(await medicationsOf(childId)).toEqual([]);
    });
  });

  it('is for the family only: the owner may, another family gets 404, anonymous 401', async () => {
    const childId = await newChild();
    const body = { tasks: [{ time: '08:00', name: 'Keppra', category: 'medication', dosage: '2.5 ml', repeatInterval: 2 }], medications: [{ name: 'Motrin', dosage: '5 ml' }] };
    await bulk(childId, body, other.agent).expect(404);
    await t.agent().post(`/api/children/${childId}/tasks/bulk`).send(body).expect(401);
    expect(await medicationsOf(childId)).toEqual([]);
    await bulk(childId, body).expect(201);
    expect((await medicationsOf(childId)).map((m) => m.name).sort()).toEqual(['Keppra', 'Motrin']);
  });

  it('finds the recipient\'s medication by name (case and spacing ignored), and adds as-needed ones once', async () => {
    const childId = await newChild();
    const keppra = (await owner.agent.post(`/api/children/${childId}/medications`).send({ name: 'Keppra', dosage: '250 mg' }).expect(201)).body as Medication;
    const body = {
      tasks: [
        { time: '08:00', name: ' keppra ', category: 'medication', dosage: '2.5 ml' },
        { time: '20:00', name: 'KEPPRA', category: 'medication', dosage: '2.5 ml' },
        { time: '09:00', name: 'Stretches', category: 'exercise_activity' },
      ],
      medications: [{ name: 'Motrin', dosage: '5 ml', strength: '100 mg/5 mL', instructions: 'As needed for pain' }, { name: 'motrin', dosage: '5 ml' }],
    };
    const res = await bulk(childId, body).expect(201);
    const templates = res.body.templates as TaskTemplate[];
    expect(templates.map((x) => x.medicationId)).toEqual([keppra.id, keppra.id, null]);
    const medications = await medicationsOf(childId);
    expect(medications.map((m) => m.name)).toEqual(['Keppra', 'Motrin']);
    expect(medications[1]).toMatchObject({ dosage: '5 ml', strength: '100 mg/5 mL', instructions: 'As needed for pain', unit: 'ml', doseAmount: 5, dosesPerDay: 0 });
    // Twice a day from the two schedules.
    expect(medications[0].dosesPerDay).toBeCloseTo(2, 5);

    // Only as-needed items: no schedule, the medication is still found (not added again).
    const listed = await bulk(childId, { tasks: [], medications: [{ name: 'Motrin ', dosage: '10 ml' }] }).expect(201);
    expect(listed.body).toMatchObject({ templates: [], tasks: [], medications: [expect.objectContaining({ name: 'Motrin', dosage: '5 ml' })] });
    expect((await medicationsOf(childId)).length).toBe(2);
  });

  it('the same request twice with one Idempotency-Key creates nothing twice; a retry with a new key adds no second medication', async () => {
    const childId = await newChild();
    const body = { tasks: [{ time: '08:00', name: 'Baclofen', category: 'medication', dosage: '5 ml', strength: '5 mg/5 mL' }], startDate: start };
    const key = randomUUID();
    const first = await owner.agent.post(`/api/children/${childId}/tasks/bulk`).set('Idempotency-Key', key).send(body).expect(201);
    const again = await owner.agent.post(`/api/children/${childId}/tasks/bulk`).set('Idempotency-Key', key).send(body).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.templates[0].id).toBe(first.body.templates[0].id);
    expect((await templatesOf(childId)).length).toBe(1);
    expect((await medicationsOf(childId)).map((m) => m.name)).toEqual(['Baclofen']);

    await owner.agent.post(`/api/children/${childId}/tasks/bulk`).set('Idempotency-Key', randomUUID()).send(body).expect(201);
    const medications = await medicationsOf(childId);
    expect(medications.map((m) => m.name)).toEqual(['Baclofen']);
    expect(new Set((await templatesOf(childId)).map((x) => x.medicationId))).toEqual(new Set([medications[0].id]));
  });

  it('two requests at the same moment naming one medication make it once (decided on the recipient\'s stream)', async () => {
    const childId = await newChild();
    const body = (time: string) => ({ tasks: [{ time, name: 'Famotidine', category: 'medication', dosage: '2 ml', strength: '40 mg/5 mL' }], startDate: start });
    await Promise.all(['08:00', '20:00', '12:00'].map((time) => bulk(childId, body(time)).expect(201)));
    const medications = await medicationsOf(childId);
    expect(medications.map((m) => m.name)).toEqual(['Famotidine']);
    expect((await templatesOf(childId)).map((x) => x.medicationId)).toEqual([medications[0].id, medications[0].id, medications[0].id]);
    expect(medications[0].dosesPerDay).toBeCloseTo(3, 5);
  });

  it('the onboarding wizard\'s medication (task-templates) and a repeating task make and link the medication with its dose', async () => {
    const childId = await newChild();
    const wizard = {
      name: 'Oxybutynin', category: 'medication', description: 'Dose: 2.5 ml', dosage: '2.5 ml', isUrgent: true, priority: 'high', isRepeating: true,
      repeatPattern: 'custom', repeatStartDate: start, repeatEndDate: null, daysOfWeek: [1, 2, 3, 4, 5], scheduledTimes: ['08:00'],
    };
    const key = randomUUID();
    const created = await owner.agent.post(`/api/children/${childId}/task-templates`).set('Idempotency-Key', key).send(wizard).expect(201);
    await owner.agent.post(`/api/children/${childId}/task-templates`).set('Idempotency-Key', key).send(wizard).expect(201);
    const [oxybutynin, ...rest] = await medicationsOf(childId);
    expect(rest).toEqual([]);
    expect(oxybutynin).toMatchObject({ name: 'Oxybutynin', dosage: '2.5 ml', strength: null, unit: 'ml', doseAmount: 2.5 });
    expect(oxybutynin.dosesPerDay).toBeCloseTo(5 / 7, 5);
    expect(created.body.template.medicationId).toBe(oxybutynin.id);

    // An older client with the dose only in the description, through POST /api/repeating-tasks.
    const repeating = await owner.agent
      .post('/api/repeating-tasks')
      .send({ childId, name: 'Albuterol', category: 'medication', description: 'Dose: 2 puffs', scheduledTime: '07:00', repeatStartDate: start, daysOfWeek: [0, 1, 2, 3, 4, 5, 6] })
      .expect(201);
    const albuterol = (await medicationsOf(childId)).find((m) => m.name === 'Albuterol')!;
    expect(albuterol).toMatchObject({ dosage: '2 puffs', unit: 'puffs', doseAmount: 2 });
    expect(repeating.body.template.medicationId).toBe(albuterol.id);

    // No dose at all: said so, never guessed.
    await owner.agent.post(`/api/children/${childId}/task-templates`).send({ ...wizard, name: 'Melatonin', description: null, dosage: null }).expect(201);
    expect((await medicationsOf(childId)).find((m) => m.name === 'Melatonin')).toMatchObject({ dosage: 'Dose not set', unit: 'doses', doseAmount: 1 });
    // A schedule that is not a medication makes none.
    await owner.agent.post(`/api/children/${childId}/task-templates`).send({ ...wizard, name: 'Cath', category: 'catheterization' }).expect(201);
    expect((await medicationsOf(childId)).map((m) => m.name)).toEqual(['Oxybutynin', 'Albuterol', 'Melatonin']);
  });

  it('parse, then bulk create what was parsed: Vitamin D3 Mon/Wed/Fri only over two weeks (needs the new parser)', async () => {
    const childId = await newChild();
    const text = 'Vitamin D3 1000 IU - 1 tab PO once daily with breakfast Mon/Wed/Fri';
    const parsed = (await owner.agent.post('/api/schedule/parse').send({ text, startDate: start }).expect(200)).body;
    await bulk(childId, { tasks: parsed.tasks, startDate: start, medications: parsed.asNeeded }).expect(201);
    const days = await dayViews(childId);
    expect([...days].map(([date, tasks]) => [date, tasks.map((task) => `${task.localTime} ${task.name}`)])).toEqual(
      fortnight().map((date) => [date, MON_WED_FRI.has(weekdayOf(date)) ? ['08:00 Vitamin D3'] : []]),
    );
    expect(await medicationsOf(childId)).toEqual([expect.objectContaining({ name: 'Vitamin D3', unit: 'tablets', doseAmount: 1 })]);
  });

  it('parse, then bulk create: every other day, and a taper with the right dose each day, over two weeks', async () => {
    const childId = await newChild();
    const text = [
      'Clobazam 10 mg tab - half a tablet PO at bedtime every other day',
      'Prednisolone 15 mg/5 mL: 10 mL once daily at 8:00 am x 3 days, then 5 mL daily x 3 days, then 2.5 mL daily x 3 days, then stop.',
    ].join('\n');
    const parsed = (await owner.agent.post('/api/schedule/parse').send({ text, startDate: start }).expect(200)).body;
    await bulk(childId, { tasks: parsed.tasks, startDate: start }).expect(201);
    const taper = (i: number) => (i < 3 ? '10 ml' : i < 6 ? '5 ml' : i < 9 ? '2.5 ml' : null);
    const days = await dayViews(childId);
    expect([...days].map(([date, tasks]) => [date, tasks.map((task) => `${task.localTime} ${task.name}: ${task.description?.split('\n')[0]}`)])).toEqual(
      fortnight().map((date, i) => [date, [
        ...(taper(i) ? [`08:00 Prednisolone: Dosage: ${taper(i)}`] : []),
        ...(i % 2 === 0 ? ['21:00 Clobazam: Dosage: 1/2 tablet'] : []),
      ]]),
    );
    expect((await medicationsOf(childId)).map((m) => [m.name, m.strength])).toEqual(expect.arrayContaining([['Clobazam', '10 mg'], ['Prednisolone', '15 mg/5 ml']]));
  });
});
