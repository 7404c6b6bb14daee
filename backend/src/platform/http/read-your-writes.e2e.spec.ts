import { useTestApp } from '../../test-support/test-app';
import request from 'supertest';

/**
 * Completing a task answers from its decided state without waiting for the projections; the same
 * session's next request waits for them instead (read-your-writes.ts). Held here: the daily-tasks
 * projection cannot commit while this test holds its checkpoint row.
 */
describe('read-your-writes: the next request waits, not the command', () => {
  const t = useTestApp();

  /** Keeps `scheduling.daily-tasks` from applying anything until the answer is called. */
  const holdDailyTasks = async () => {
    await t.sql('BEGIN');
    await t.sql(`SELECT 1 FROM projection_checkpoints WHERE name = 'scheduling.daily-tasks' FOR UPDATE`);
    return () => t.sql('COMMIT');
  };

  const family = async () => {
    const { agent } = await t.signUp();
    const child = (await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body as { id: string };
    const [task] = (await agent.post(`/api/children/${child.id}/tasks`).send({ name: 'Stretches', category: 'exercise_activity', scheduledTimes: ['09:00'] }).expect(201))
      .body as { id: string; scheduledDate: string }[];
    const day = () => agent.get(`/api/children/${child.id}/tasks`).query({ date: task.scheduledDate }).expect(200);
    return { agent, task, day };
  };

  it('answers a completion while its projection is held, and the next read of that browser waits for it; another family does not', async () => {
    const maria = await family();
    const other = await family();
    const release = await holdDailyTasks();
    let read: Promise<{ body: { id: string; status: string }[] }> | null = null;
    try {
      const completed = await maria.agent.put(`/api/tasks/${maria.task.id}/complete`).send({}).expect(200);
      expect(completed.body).toMatchObject({ id: maria.task.id, status: 'completed' });

      let answered = false;
      read = maria.day().then((res) => {
        answered = true;
        return res;
      });
      // Asked after Maria's read, another family's read is answered while hers still waits.
      expect((await other.day()).body[0].status).toBe('pending');
      expect(answered).toBe(false);
    } finally {
      await release();
    }
    expect((await read!).body.find((task) => task.id === maria.task.id)?.status).toBe('completed');

    // Once reached, the cookie costs nothing: the same read again, and the undo read back at once.
    await maria.agent.put(`/api/tasks/${maria.task.id}/uncomplete`).send({}).expect(200);
    expect((await maria.day()).body[0].status).toBe('pending');
  });

  it('holds the next request of the same session from any client, even one that keeps no cookies', async () => {
    const { user } = await t.signUp({ email: `curl-${Date.now()}@example.com` });
    const curl = t.agent();
    const signedIn = await curl.post('/api/auth/login').send({ email: user.email, password: 'correct horse battery' }).expect(200);
    const session = (signedIn.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const child = (await curl.post('/api/children').set('Cookie', session).send({ firstName: 'Leo', lastName: 'Park' }).expect(201)).body as { id: string };
    const [task] = (await curl.post(`/api/children/${child.id}/tasks`).set('Cookie', session).send({ name: 'Meds', category: 'medication', scheduledTimes: ['08:00'] }).expect(201)).body as {
      id: string;
      scheduledDate: string;
    }[];
    const release = await holdDailyTasks();
    let read: Promise<{ body: { id: string; status: string }[] }> | null = null;
    try {
      await request(t.app.getHttpServer()).put(`/api/tasks/${task.id}/complete`).set('Cookie', session).send({}).expect(200);
      let answered = false;
      read = request(t.app.getHttpServer())
        .get(`/api/children/${child.id}/tasks`)
        .query({ date: task.scheduledDate })
        .set('Cookie', session)
        .expect(200)
        .then((res) => {
          answered = true;
          return res;
        });
      // Another request asked later, without a session, is answered while the session's read waits.
      await request(t.app.getHttpServer()).get('/api/health').expect(200);
      expect(answered).toBe(false);
    } finally {
      await release();
    }
    expect((await read!).body[0].status).toBe('completed');
  });
});
