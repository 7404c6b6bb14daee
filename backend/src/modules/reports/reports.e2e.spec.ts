import type TestAgent from 'supertest/lib/agent';
import { addDays, localDate, REPORT_TEXT, TASK_MESSAGES, VALIDATION_MESSAGES, type AdherenceReport, type AuditEntry, type Task, type TaskHistoryEntry } from '@carecircle/libs';
import { signUpFamilyAndStranger, type FamilyAndStranger } from '../../test-support/family-and-stranger';
import { useTestApp } from '../../test-support/test-app';
import { allProjectionsCaughtUp } from '../../test-support/event-count';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store';

/**
 * Data & Privacy over HTTP (issue 24): the export, the task-history CSV and the adherence report
 * for the primary caregiver, a caregiver who edits, one who views, another family and an anonymous
 * visitor; bad ranges are a 400 naming the field that records nothing; every download is an export
 * in the audit log.
 */
describe('data & privacy over HTTP', () => {
  let as: FamilyAndStranger['as'];
  let family: FamilyAndStranger;
  let medicationId: string;
  let lateTask: Task;
  let removedTask: Task;

  const events = () => t.eventCount();
  const exportsOf = async (agent: TestAgent) => ((await agent.get('/api/user/audit?limit=100').expect(200)).body.items as AuditEntry[]).filter((e) => e.action === 'data_exported');
  const range = 'from=2026-11-01&to=2026-11-30';

  const t = useTestApp({}, 90_000);
  beforeAll(async () => {
    family = await signUpFamilyAndStranger(t);
    as = family.as;
    const { childId } = family;
    medicationId = (await as.owner.post(`/api/children/${childId}/medications`).send({ name: 'Amoxicillin', dosage: '250 mg' }).expect(201)).body.id;
    const created: Task[] = (await as.owner.post(`/api/children/${childId}/tasks`)
      .send({ name: 'Amoxicillin', category: 'medication', medicationId, scheduledDate: '2026-11-02', scheduledTimes: ['08:00', '20:00'] }).expect(201)).body;
    [lateTask, removedTask] = created;
    await as.owner.put(`/api/tasks/${lateTask.id}/complete`).send({ notes: 'With breakfast, "late"' }).expect(200); // weeks after its time: late
    await as.owner.delete(`/api/tasks/${removedTask.id}`).send({ reason: 'Vomited the dose' }).expect(204);
    await as.editor.post(`/api/children/${childId}/tasks`).send({ name: '=HYPERLINK("http://evil.example","x")', category: 'other', scheduledDate: '2026-11-03', scheduledTimes: ['09:00'] }).expect(201);
    await as.owner.post(`/api/children/${childId}/updates`).send({ text: 'Slept well' }).expect(201);
    await allProjectionsCaughtUp(t.app); // task commands do not wait for report_tasks
  }, 90_000);

  describe('GET /api/children/{childId}/adherence', () => {
    it('per medication: scheduled, late, removed with its reason; for everyone who sees the recipient', async () => {
      for (const agent of [as.owner, as.editor, as.viewer]) {
        const report: AdherenceReport = (await agent.get(`/api/children/${family.childId}/adherence?${range}`).expect(200)).body;
        expect(report).toMatchObject({ childId: family.childId, childName: 'Maya Lopez', from: '2026-11-01', to: '2026-11-30' });
        expect(report.medications).toEqual([
          { medicationId, name: 'Amoxicillin', dosage: '250 mg', scheduled: 2, onTime: 0, early: 0, late: 1, missed: 0, notDue: 0, removed: 1, removedReasons: [{ reason: 'Vomited the dose', count: 1 }] },
        ]);
      }
    });

    it('404 for another family (the route and its CSVs), 401 anonymous, 400 for an id that is not one', async () => {
      for (const path of ['adherence', 'adherence.csv', 'history.csv']) {
        const hidden = await as.stranger.get(`/api/children/${family.childId}/${path}?${range}`).expect(404);
        expect(hidden.body.message).toBe('Care recipient not found');
        await as.anonymous.get(`/api/children/${family.childId}/${path}?${range}`).expect(401);
        await as.owner.get(`/api/children/${family.strangerChildId}/${path}?${range}`).expect(404);
      }
      await as.owner.get(`/api/children/not-a-uuid/adherence?${range}`).expect(400);
    });

    it.each([
      ['no from', 'to=2026-11-30', 'from', REPORT_TEXT.fromRequired],
      ['no to', 'from=2026-11-01', 'to', REPORT_TEXT.toRequired],
      ['a date that does not exist', 'from=2026-02-30&to=2026-03-01', 'from', TASK_MESSAGES.invalidDate],
      ['garbage', 'from=yesterday&to=2026-03-01', 'from', TASK_MESSAGES.invalidDate],
      ['year 10000', 'from=2026-01-01&to=10000-01-01', 'to', VALIDATION_MESSAGES.dateRange],
      ['before 1900', 'from=1899-12-31&to=1900-01-01', 'from', VALIDATION_MESSAGES.dateRange],
      ['the end before the start', 'from=2026-11-30&to=2026-11-01', 'to', VALIDATION_MESSAGES.rangeBackwards],
      ['63 days', 'from=2026-10-01&to=2026-12-02', 'to', VALIDATION_MESSAGES.rangeTooLong],
      ['a list for a date', 'from=2026-11-01&from=2026-11-02&to=2026-11-30', 'from', TASK_MESSAGES.invalidDate],
    ])('refuses %s with a 400 naming the field, recording nothing (JSON and both CSVs)', async (_, query, field, message) => {
      const before = { events: await events(), exports: (await exportsOf(as.owner)).length };
      for (const path of ['adherence', 'adherence.csv', 'history.csv']) {
        const res = await as.owner.get(`/api/children/${family.childId}/${path}?${query}`).expect(400);
        expect(res.body).toMatchObject({ statusCode: 400, message, errors: [{ field, message }] });
      }
      expect(await events()).toBe(before.events);
      expect((await exportsOf(as.owner)).length).toBe(before.exports);
    });
  });

  describe('CSV downloads', () => {
    it('adherence.csv: an attachment for the doctor, recorded as an export of that recipient and range', async () => {
      const before = (await exportsOf(as.viewer)).length;
      const res = await as.viewer.get(`/api/children/${family.childId}/adherence.csv?${range}`).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Maya-Lopez-adherence-2026-11-01-to-2026-11-30.csv"');
      const lines = res.text.split('\r\n');
      expect(lines[1]).toBe('Medication,Dose,Scheduled,Given on time,Given early,Given late,Missed,Not due yet,Removed,Removal reasons');
      expect(lines[2]).toBe('Amoxicillin,250 mg,2,0,0,1,0,0,1,Vomited the dose (1)');
      const recorded = await exportsOf(as.viewer);
      expect(recorded).toHaveLength(before + 1);
      expect(recorded[0]).toMatchObject({ action: 'data_exported', userId: family.viewer.id, childId: family.childId, actorId: null });
    });

    it('history.csv: every task of the range with its outcome, removed ones and reasons; formulas neutralised, quotes escaped', async () => {
      const res = await as.editor.get(`/api/children/${family.childId}/history.csv?${range}`).expect(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="Maya-Lopez-task-history-2026-11-01-to-2026-11-30.csv"');
      const lines = res.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe('Date,Time,Task,Category,Outcome,Completed at,Completed by,Notes,Removed at,Removed by,Removal reason');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(/^2026-11-02,08:00,Amoxicillin,medication,Given late,[^,]+,Olivia Owner,"With breakfast, ""late""",,,$/);
      expect(lines[2]).toMatch(/^2026-11-02,20:00,Amoxicillin,medication,Removed,,,,[^,]+,Olivia Owner,Vomited the dose$/);
      expect(lines[3]).toBe(`2026-11-03,09:00,"'=HYPERLINK(""http://evil.example"",""x"")",other,Missed,,,,,,`);
      expect((await exportsOf(as.editor))[0]).toMatchObject({ childId: family.childId });
    });
  });

  describe('GET /api/user/export', () => {
    const download = async (agent: TestAgent) => {
      const res = await agent.get('/api/user/export').buffer(true).parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (chunk: string) => (text += chunk));
        r.on('end', () => done(null, text));
      }).expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="carecircle-export-\d{4}-\d{2}-\d{2}\.json"$/);
      return JSON.parse(res.body as string);
    };

    it("the owner's: profile, their recipient with medications, care team, updates and every task with its events, removed ones included", async () => {
      const before = (await exportsOf(as.owner)).length;
      const doc = await download(as.owner);
      expect(doc).toMatchObject({ format: 'carecircle-export/1', profile: { id: family.owner.id, email: family.owner.email } });
      expect(doc.recipients.map((r: { id: string }) => r.id)).toEqual([family.childId]);
      const [maya] = doc.recipients;
      expect(maya).toMatchObject({ name: 'Maya Lopez', yourAccess: 'primary caregiver', medications: [{ id: medicationId, name: 'Amoxicillin' }], updates: [{ text: 'Slept well' }] });
      expect(maya.careTeam.sharedWith.map((s: { name: string; canEdit: boolean }) => [s.name, s.canEdit]).sort()).toEqual([['Eddie Editor', true], ['Vera Viewer', false]]);
      expect(maya.tasks).toHaveLength(3);
      const removed = maya.tasks.find((task: { id: string }) => task.id === removedTask.id);
      expect(removed.events.map((e: { type: string }) => e.type)).toEqual(['TaskScheduled', 'TaskRemoved']);
      expect(removed.events[1]).toMatchObject({ data: { reason: 'Vomited the dose' }, actorId: family.owner.id });
      expect(maya.tasks.find((task: { id: string }) => task.id === lateTask.id).events.map((e: { type: string }) => e.type)).toEqual(['TaskScheduled', 'TaskCompleted']);
      expect(JSON.stringify(doc)).not.toContain('Leo');
      expect(await exportsOf(as.owner)).toHaveLength(before + 1);
      expect((await exportsOf(as.owner))[0]).toMatchObject({ childId: null, userId: family.owner.id });
    });

    it('a shared caregiver sees only what is shared with them, not who else it is shared with; another family only their own; anonymous 401', async () => {
      const viewerDoc = await download(as.viewer);
      expect(viewerDoc.recipients.map((r: { id: string; yourAccess: string }) => [r.id, r.yourAccess])).toEqual([[family.childId, 'can view']]);
      expect(viewerDoc.recipients[0].careTeam).toEqual({ primaryCaregiver: { userId: family.owner.id, name: 'Olivia Owner', email: family.owner.email }, sharedWith: [] });
      expect(viewerDoc.recipients[0].tasks).toHaveLength(3);
      const strangerDoc = await download(as.stranger);
      expect(strangerDoc.recipients.map((r: { id: string }) => r.id)).toEqual([family.strangerChildId]);
      expect(JSON.stringify(strangerDoc)).not.toContain('Amoxicillin');
      await as.anonymous.get('/api/user/export').expect(401);
    });

    it('a recipient with more tasks than a page (200) is written whole, in order, as valid JSON', async () => {
      const times = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
      for (let day = 1; day <= 9; day++) {
        await as.stranger.post(`/api/children/${family.strangerChildId}/tasks`).send({ name: 'Reposition', category: 'personal_care', scheduledDate: `2026-10-0${day}`, scheduledTimes: times }).expect(201);
      }
      await allProjectionsCaughtUp(t.app);
      const [leo] = (await download(as.stranger)).recipients;
      expect(leo.tasks).toHaveLength(216);
      expect(new Set(leo.tasks.map((task: { id: string }) => task.id)).size).toBe(216);
      const when = leo.tasks.map((task: { events: { data: { scheduledDate: string; localTime: string } }[] }) => `${task.events[0].data.scheduledDate} ${task.events[0].data.localTime}`);
      expect(when).toEqual([...when].sort());
      expect(leo.tasks.every((task: { events: { type: string }[] }) => task.events.length === 1 && task.events[0].type === 'TaskScheduled')).toBe(true);
    }, 60_000);

    it("reads a page of tasks' histories set-based: a few statements per page, not some per task; each task's events exactly as its History answers them", async () => {
      const { childId } = family;
      // A repeating schedule (its changes appear in its occurrences' histories), changed by the editor; a task completed, reopened and completed again.
      const template = (await as.owner.post('/api/repeating-tasks')
        .send({ childId, name: 'Keppra', category: 'medication', description: '5 ml', isRepeating: true, scheduledTimes: ['07:00'], repeatPattern: 'daily' }).expect(201)).body.template;
      await as.editor.put(`/api/repeating-tasks/${template.id}`).send({ effectiveFrom: addDays(localDate(new Date(), 'America/Los_Angeles'), 1), description: '7.5 ml' }).expect(200);
      const [busy] = (await as.owner.post(`/api/children/${childId}/tasks`).send({ name: 'Walk', category: 'other', scheduledDate: '2026-11-04', scheduledTimes: ['10:00'] }).expect(201)).body as Task[];
      await as.owner.put(`/api/tasks/${busy.id}/complete`).send({}).expect(200);
      await as.editor.put(`/api/tasks/${busy.id}/uncomplete`).send({}).expect(200);
      await as.editor.put(`/api/tasks/${busy.id}/complete`).send({ notes: 'Park' }).expect(200);
      await allProjectionsCaughtUp(t.app);

      const store = t.app.get<EventStore>(EVENT_STORE);
      const perStream = jest.spyOn(store, 'readStream');
      const set = jest.spyOn(store, 'readStreams');
      let doc: { recipients: { id: string; tasks: { id: string; events: TaskHistoryEntry[] }[] }[] };
      try {
        doc = await download(as.owner);
        const taskStreamReads = perStream.mock.calls.filter(([streamId]) => streamId.startsWith('task-'));
        expect(taskStreamReads).toEqual([]);
        // One page of tasks: one read of their events and one of their schedules' (the owner's other reads are not per task).
        expect(set.mock.calls.length).toBeLessThanOrEqual(2);
      } finally {
        perStream.mockRestore();
        set.mockRestore();
      }
      const [maya] = doc.recipients;
      expect(maya.tasks.length).toBeGreaterThanOrEqual(5);
      // The same answer as before: each task's events are its GET /api/tasks/{id}/history pages put together.
      for (const task of maya.tasks) {
        const pages: TaskHistoryEntry[] = [];
        for (let cursor: string | null = null, more = true; more; ) {
          const res: { body: { items: TaskHistoryEntry[]; next: string | null } } = await as.owner.get(`/api/tasks/${task.id}/history`).query({ limit: 2, ...(cursor ? { cursor } : {}) }).expect(200);
          pages.push(...res.body.items);
          cursor = res.body.next;
          more = cursor !== null;
        }
        expect(task.events).toEqual(pages);
      }
      const occurrence = maya.tasks.find((task) => task.events.some((e) => e.source === 'schedule'));
      expect(occurrence?.events.map((e) => e.type)).toContain('TaskTemplateScheduleChanged');
      expect(maya.tasks.find((task) => task.id === busy.id)?.events.map((e) => [e.type, e.actorName])).toEqual([
        ['TaskScheduled', 'Olivia Owner'],
        ['TaskCompleted', 'Olivia Owner'],
        ['TaskUncompleted', 'Eddie Editor'],
        ['TaskCompleted', 'Eddie Editor'],
      ]);
    }, 60_000);
  });
});
