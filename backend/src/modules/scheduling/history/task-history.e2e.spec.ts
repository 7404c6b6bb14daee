import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import type TestAgent from 'supertest/lib/agent';
import { addDays, localDate, localDateTimeToInstant, type TaskHistoryEntry, type TaskTemplate, type User } from '@carecircle/libs';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { ExecuteCareRecipientCommand } from '../../care-recipients';
import { occurrenceTaskId } from '../workers/occurrence-ids';
import { TemplateMaterialiser } from '../workers/recurring-tasks.job';

jest.setTimeout(60_000);

const LA = 'America/Los_Angeles';

/**
 * Auditors see who (issue 21): every entry of GET /api/tasks/{id}/history names its actor. An
 * occurrence the recurring-tasks job materialises is recorded in the name of whoever created or
 * last changed its schedule.
 */
describe('task history over HTTP: every entry names its actor', () => {
  let t: TestApp;
  let owner: { agent: TestAgent; user: User };
  let aunt: { agent: TestAgent; user: User };
  let childId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signUp({ firstName: 'Maria', lastName: 'Lopez' });
    aunt = await t.signUp({ firstName: 'Rosa', lastName: 'Diaz' });
    childId = (await owner.agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body.id;
    await t.app.get(CommandBus).execute(
      new ExecuteCareRecipientCommand(childId, {
        type: 'GrantCaregiverAccess',
        data: { userId: aunt.user.id, canEdit: true },
        metadata: { actorId: owner.user.id, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
      }),
    );
  });
  afterAll(() => t.close());

  const history = async (taskId: string, agent = owner.agent): Promise<TaskHistoryEntry[]> => (await agent.get(`/api/tasks/${taskId}/history`).expect(200)).body;
  const createDaily = async (name: string, time: string): Promise<TaskTemplate> =>
    (
      await owner.agent
        .post('/api/repeating-tasks')
        .send({ childId, name, category: 'medication', description: '5 ml', isRepeating: true, scheduledTimes: [time], repeatPattern: 'daily' })
        .expect(201)
    ).body.template;
  /** The job's run just after the care team's midnight of `date`. */
  const materialise = (date: string) => t.app.get(TemplateMaterialiser).materialiseDue(new Date(localDateTimeToInstant(date, '00:10', LA)));

  it('an occurrence made by the job names who last changed its schedule (B), not nobody', async () => {
    const tomorrow = addDays(localDate(new Date(), LA), 1);
    const template = await createDaily('Keppra', '08:00');
    // B (edit rights) changes it from tomorrow.
    await aunt.agent.put(`/api/repeating-tasks/${template.id}`).send({ effectiveFrom: tomorrow, description: '7.5 ml' }).expect(200);

    const result = await materialise(tomorrow);
    expect(result.failed).toBe(0);
    const taskId = occurrenceTaskId(template.id, tomorrow, '08:00');
    const entries = await history(taskId);
    expect(entries.map((e) => [e.type, e.source ?? 'task'])).toEqual([
      ['TaskTemplateScheduleChanged', 'schedule'],
      ['TaskScheduled', 'task'],
    ]);
    expect(entries[1]).toMatchObject({ actorId: aunt.user.id, actorName: 'Rosa Diaz', data: { scheduledBy: aunt.user.id, description: '7.5 ml' } });
    expect(entries.every((e) => e.actorId !== null && e.actorName !== null)).toBe(true);
    // The shared caregiver reads the same history.
    expect((await history(taskId, aunt.agent)).map((e) => e.actorName)).toEqual(['Rosa Diaz', 'Rosa Diaz']);
  });

  it('an unchanged schedule’s occurrences name its creator; pausing and resuming makes them the resumer’s', async () => {
    const today = localDate(new Date(), LA);
    const template = await createDaily('Vitamin D', '09:00');
    await materialise(addDays(today, 1));
    expect((await history(occurrenceTaskId(template.id, addDays(today, 1), '09:00')))[0]).toMatchObject({ type: 'TaskScheduled', actorId: owner.user.id, actorName: 'Maria Lopez' });

    await owner.agent.post(`/api/repeating-tasks/${template.id}/pause`).expect(200);
    await aunt.agent.post(`/api/repeating-tasks/${template.id}/resume`).expect(200);
    await materialise(addDays(today, 2));
    const entries = await history(occurrenceTaskId(template.id, addDays(today, 2), '09:00'));
    expect(entries.at(-1)).toMatchObject({ type: 'TaskScheduled', actorId: aunt.user.id, actorName: 'Rosa Diaz' });
    expect(entries.filter((e) => e.source === 'schedule').map((e) => [e.type, e.actorName])).toEqual([
      ['TaskTemplatePaused', 'Maria Lopez'],
      ['TaskTemplateResumed', 'Rosa Diaz'],
    ]);
  });
});
