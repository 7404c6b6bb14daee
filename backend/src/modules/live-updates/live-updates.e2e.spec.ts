import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { Task } from '@carecircle/libs';
import { ProjectionChangeFeed } from '../../platform/projections/projection-changes';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ExecuteCareRecipientCommand } from '../care-recipients';

interface LiveMessage {
  childId: string;
  changed: string[];
}

/** An open GET /api/live stream read with plain node:http, as a browser's EventSource would. */
class LiveStream {
  readonly messages: LiveMessage[] = [];
  private buffer = '';
  private req!: http.ClientRequest;
  raw = '';

  static async open(port: number, cookie: string): Promise<{ stream: LiveStream; response: http.IncomingMessage }> {
    const stream = new LiveStream();
    return new Promise((resolve, reject) => {
      stream.req = http.get({ host: '127.0.0.1', port, path: '/api/live', headers: { cookie, accept: 'text/event-stream' } }, (response) => {
        response.setEncoding('utf8');
        let connected = false;
        response.on('data', (chunk: string) => {
          stream.raw += chunk;
          stream.parse(chunk);
          if (!connected && stream.raw.includes(': connected')) {
            connected = true;
            resolve({ stream, response });
          }
        });
        response.on('error', () => undefined);
        if (response.statusCode !== 200) resolve({ stream, response });
      });
      stream.req.on('error', reject);
    });
  }

  private parse(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (data) this.messages.push(JSON.parse(data) as LiveMessage);
    }
  }

  /** Resolves with the first message (from index `from`) matching, or rejects after `timeoutMs`. */
  async waitFor(match: (m: LiveMessage) => boolean, from: number, timeoutMs: number): Promise<LiveMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no live message in ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.req.destroy();
  }
}

/** Several sign-ups (argon2) per test: generous under a loaded full run; the 2 s rules are checked inside. */
jest.setTimeout(30_000);

describe('live updates (GET /api/live, server-sent events)', () => {
  let t: TestApp;
  let port: number;
  const streams: LiveStream[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  const password = 'correct horse battery';
  const caregiver = async (firstName: string) => {
    const email = `${firstName.toLowerCase()}-${randomUUID()}@example.com`;
    const { agent, user } = await t.signUp({ firstName, email, password });
    const login = await request(`http://127.0.0.1:${port}`).post('/api/auth/login').send({ email, password }).expect(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    return { agent, user, cookie };
  };
  const open = async (cookie: string) => {
    const { stream, response } = await LiveStream.open(port, cookie);
    streams.push(stream);
    return { stream, response };
  };
  const addChild = async (agent: TestAgent) => (await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body as { id: string };

  it('refuses anonymous callers with 401', async () => {
    await request(`http://127.0.0.1:${port}`).get('/api/live').expect(401);
  });

  it('a second caregiver sees the first one’s changes within 2 s; another family receives nothing', async () => {
    const a = await caregiver('Ana');
    const b = await caregiver('Ben');
    const other = await caregiver('Olga');
    const child = await addChild(a.agent);
    await t.app.get(CommandBus).execute(
      new ExecuteCareRecipientCommand(child.id, {
        type: 'GrantCaregiverAccess',
        data: { userId: b.user.id, canEdit: true },
        metadata: { actorId: a.user.id, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
      }),
    );
    const othersChild = await addChild(other.agent);

    const { stream: ben, response } = await open(b.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const { stream: olga } = await open(other.cookie);

    let from = ben.messages.length;
    const created = (await a.agent.post(`/api/children/${child.id}/tasks`).send({ name: 'Meds', category: 'medication', scheduledTime: '23:59' }).expect(201)).body as Task[];
    const started = Date.now();
    await ben.waitFor((m) => m.childId === child.id, from, 2000);
    expect(Date.now() - started).toBeLessThan(2000);

    from = ben.messages.length;
    await a.agent.put(`/api/tasks/${created[0].id}/complete`).send({}).expect(200);
    const completedAt = Date.now();
    const onComplete = await ben.waitFor((m) => m.childId === child.id && m.changed.includes('progress'), from, 2000);
    expect(Date.now() - completedAt).toBeLessThan(2000);
    expect(onComplete).toEqual({ childId: child.id, changed: expect.arrayContaining(['progress']) });

    // The other family's own changes reach them; ours never do.
    await other.agent.put(`/api/children/${othersChild.id}`).send({ notes: 'Loves music' }).expect(200);
    await olga.waitFor((m) => m.childId === othersChild.id, 0, 2000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(olga.messages.filter((m) => m.childId === child.id)).toEqual([]);
    expect(ben.messages.filter((m) => m.childId === othersChild.id)).toEqual([]);
  });

  it('cleans up when the client goes away', async () => {
    const feed = t.app.get(ProjectionChangeFeed);
    const c = await caregiver('Cleo');
    const before = feed.subscriberCount;
    const { stream } = await open(c.cookie);
    expect(feed.subscriberCount).toBe(before + 1);
    stream.close();
    const deadline = Date.now() + 2000;
    while (feed.subscriberCount !== before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(feed.subscriberCount).toBe(before);
  });
});
