import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DiscoveryService } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { Task } from '@carecircle/libs';
import type { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.tokens';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../platform/event-store/event-store';
import { ReadModelProjection, type Projection } from '../../platform/projections/projection';
import { changedChildren, liveTopicOf, ProjectionChangeFeed, type ChildChanges } from '../../platform/projections/projection-changes';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ExecuteCareRecipientCommand } from '../care-recipients';

interface LiveMessage {
  childId: string;
  changed: string[];
  /** Support groups' messages name a group (and the post that changed) instead. */
  groupId?: string;
  postId?: string;
}

/** An open GET /api/live stream read with plain node:http, as a browser's EventSource would. */
class LiveStream {
  readonly messages: LiveMessage[] = [];
  private buffer = '';
  private req!: http.ClientRequest;
  raw = '';
  /** Whether the server has ended the stream. */
  ended = false;

  static async open(port: number, cookie: string): Promise<{ stream: LiveStream; response: http.IncomingMessage }> {
    const stream = new LiveStream();
    return new Promise((resolve, reject) => {
      // A stream that never says it is connected fails here, with what it sent, rather than hanging the suite.
      const timer = setTimeout(() => {
        stream.req.destroy();
        reject(new Error(`GET /api/live did not connect in 10 s; received ${JSON.stringify(stream.raw)}`));
      }, 10_000);
      stream.req = http.get({ host: '127.0.0.1', port, path: '/api/live', headers: { cookie, accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) clearTimeout(timer);
        response.setEncoding('utf8');
        let connected = false;
        response.on('data', (chunk: string) => {
          stream.raw += chunk;
          stream.parse(chunk);
          if (!connected && stream.raw.includes(': connected')) {
            connected = true;
            clearTimeout(timer);
            resolve({ stream, response });
          }
        });
        response.on('error', () => undefined);
        response.on('end', () => (stream.ended = true));
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

  /** Resolves once the server ends the stream, or rejects after `timeoutMs`. */
  async waitForEnd(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error(`the stream was still open after ${timeoutMs} ms`);
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
  /** A super_admin, who appoints a group's moderator. */
  const ROOT_EMAIL = `root-${randomUUID()}@example.com`;
  let t: TestApp;
  let port: number;
  const streams: LiveStream[] = [];
  /** Every change the feed has fanned out to this process's listeners (the open streams among them), in order. */
  const fannedOut: ChildChanges[] = [];
  let stopWatchingFeed = () => {};
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ROOT_EMAIL });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    stopWatchingFeed = await t.app.get(ProjectionChangeFeed).subscribe((changes) => void fannedOut.push(...changes));
  });
  afterAll(async () => {
    stopWatchingFeed();
    for (const stream of streams) stream.close();
    await t.close();
  });

  /** Where the test is now: the store's last position and how much the feed has fanned out so far. */
  const mark = async () => {
    const { rows } = await t.app.get<Pool>(PG_POOL).query<{ head: string | null }>('SELECT max(global_position)::text AS head FROM es_events');
    return { position: BigInt(rows[0].head ?? '0'), fannedOut: fannedOut.length };
  };
  /** The events appended after `position`, once the store shows every one of them. */
  const eventsAfter = async (position: bigint): Promise<RecordedEvent[]> => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    const { rows } = await t.app.get<Pool>(PG_POOL).query<{ n: number }>('SELECT count(*)::int AS n FROM es_events WHERE global_position > $1', [position.toString()]);
    for (const deadline = Date.now() + 5000; ; await new Promise((resolve) => setTimeout(resolve, 20))) {
      const events = await store.readAll(position);
      if (events.length >= rows[0].n || Date.now() > deadline) return events;
    }
  };
  /**
   * Waits for the signal that nothing more is on its way: every projection that handles an event
   * appended since `since` announces that event's care recipient once it has applied it, and the feed
   * has fanned out each of those announcements (recipient and topic) since then. A stream that was to
   * get one has been handed it; a change made after this reaches a stream after them.
   */
  const everythingAnnounced = async (since: { position: bigint; fannedOut: number }) => {
    const projections = t.app
      .get(DiscoveryService)
      .getProviders({ metadataKey: ReadModelProjection.KEY })
      .map((wrapper) => wrapper.instance as Projection);
    const expected = new Set<string>();
    for (const event of await eventsAfter(since.position)) {
      for (const childId of changedChildren([event])) {
        for (const projection of projections) if (projection.handles.includes(event.type)) expected.add(`${childId} ${liveTopicOf(projection)}`);
      }
    }
    const seen = () => new Set(fannedOut.slice(since.fannedOut).flatMap((change) => change.changed.map((topic) => `${change.childId} ${topic}`)));
    const deadline = Date.now() + 10_000;
    while ([...expected].some((pair) => !seen().has(pair))) {
      if (Date.now() > deadline) throw new Error(`not announced in 10 s: ${[...expected].filter((pair) => !seen().has(pair)).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const password = 'correct horse battery';
  const caregiver = async (firstName: string, email = `${firstName.toLowerCase()}-${randomUUID()}@example.com`) => {
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
  const careRecipientCommand = (childId: string, actorId: string, command: { type: 'GrantCaregiverAccess'; data: { userId: string; canEdit: boolean } } | { type: 'RevokeCaregiverAccess'; data: { userId: string } }) =>
    t.app.get(CommandBus).execute(
      new ExecuteCareRecipientCommand(childId, { ...command, metadata: { actorId, correlationId: randomUUID(), occurredAt: new Date().toISOString() } }),
    );
  const server = () => request(`http://127.0.0.1:${port}`);

  it('refuses anonymous callers with 401', async () => {
    await request(`http://127.0.0.1:${port}`).get('/api/live').expect(401);
  });

  it('a second caregiver sees the first one’s changes within 2 s; another family receives nothing', async () => {
    const a = await caregiver('Ana');
    const b = await caregiver('Ben');
    const other = await caregiver('Olga');
    const child = await addChild(a.agent);
    await careRecipientCommand(child.id, a.user.id, { type: 'GrantCaregiverAccess', data: { userId: b.user.id, canEdit: true } });
    const othersChild = await addChild(other.agent);
    const start = await mark();

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
    // Nothing of this test's changes is still on its way; then one more change for each family, which
    // each stream receives after anything the earlier ones would have brought it.
    await everythingAnnounced(start);
    const [olgaSeen, benSeen] = [olga.messages.length, ben.messages.length];
    await other.agent.put(`/api/children/${othersChild.id}`).send({ notes: 'Loves music and books' }).expect(200);
    await a.agent.put(`/api/children/${child.id}`).send({ notes: 'Naps at noon' }).expect(200);
    await olga.waitFor((m) => m.childId === othersChild.id, olgaSeen, 2000);
    await ben.waitFor((m) => m.childId === child.id, benSeen, 2000);
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

  it.each([
    ['POST /api/auth/logout', (cookie: string) => server().post('/api/auth/logout').set('Cookie', cookie).expect(204)],
    ['GET /api/logout', (cookie: string) => server().get('/api/logout').set('Cookie', cookie).expect(302)],
  ])('ends the stream when its session is signed out from another request (%s)', async (_, signOut) => {
    const feed = t.app.get(ProjectionChangeFeed);
    const d = await caregiver('Dana');
    const child = await addChild(d.agent);
    const before = feed.subscriberCount;
    const { stream } = await open(d.cookie);
    await signOut(d.cookie);
    await stream.waitForEnd(2000);
    expect(feed.subscriberCount).toBe(before);
    // Nothing more arrives (the add's own announcement may have come before the end, on a loaded
    // machine), and the same cookie cannot open a new stream.
    const seen = stream.messages.length;
    const beforeChange = await mark();
    await d.agent.put(`/api/children/${child.id}`).send({ notes: 'after sign-out' }).expect(200);
    await everythingAnnounced(beforeChange);
    expect(stream.messages.slice(seen)).toEqual([]);
    await server().get('/api/live').set('Cookie', d.cookie).expect(401);
  });

  it('ends the stream when its expired session is pruned', async () => {
    const e = await caregiver('Eli');
    const { stream } = await open(e.cookie);
    const pool = t.app.get<Pool>(PG_POOL);
    // What the maintenance queue's prune-sessions does once a session's idle time-out has passed.
    const sid = decodeURIComponent(e.cookie.split('cc.sid=')[1].split(';')[0]).slice(2).split('.')[0];
    await pool.query(`UPDATE sessions SET expire = now() - interval '1 second' WHERE sid = $1`, [sid]);
    await pool.query(`DELETE FROM sessions WHERE expire < now()`);
    await stream.waitForEnd(2000);
  });

  it('stops sending a recipient’s changes once access to it is revoked; the stream goes on for the rest', async () => {
    const a = await caregiver('Ava');
    const b = await caregiver('Bo');
    const shared = await addChild(a.agent);
    const own = await addChild(b.agent);
    await careRecipientCommand(shared.id, a.user.id, { type: 'GrantCaregiverAccess', data: { userId: b.user.id, canEdit: false } });
    const { stream } = await open(b.cookie);

    await a.agent.put(`/api/children/${shared.id}`).send({ notes: 'before' }).expect(200);
    await stream.waitFor((m) => m.childId === shared.id, 0, 2000);

    // The revocation itself may still reach Bo (his list changed); once it has been handed to the
    // streams, his own change is a marker after it.
    const beforeRevoke = await mark();
    await careRecipientCommand(shared.id, a.user.id, { type: 'RevokeCaregiverAccess', data: { userId: b.user.id } });
    await everythingAnnounced(beforeRevoke);
    const seen = stream.messages.length;
    await b.agent.put(`/api/children/${own.id}`).send({ notes: 'marker' }).expect(200);
    await stream.waitFor((m) => m.childId === own.id, seen, 2000);
    const from = stream.messages.length;
    const before = await mark();
    await a.agent.put(`/api/children/${shared.id}`).send({ notes: 'after' }).expect(200);
    // Once that change has been handed to every stream that was to get it, Bo's own change comes after it.
    await everythingAnnounced(before);
    await b.agent.put(`/api/children/${own.id}`).send({ notes: 'mine' }).expect(200);
    await stream.waitFor((m) => m.childId === own.id, from, 2000);
    expect(stream.messages.slice(from).filter((m) => m.childId === shared.id)).toEqual([]);
    expect(stream.ended).toBe(false);
  });

  it("support groups: members get {groupId, changed: ['group-posts'], postId} for posts, comments and reactions; non-members and members who left get nothing", async () => {
    const a = await caregiver('Ana');
    const b = await caregiver('Ben');
    const c = await caregiver('Carl');
    const o = await caregiver('Olga');
    const [group] = (await a.agent.get('/api/groups').expect(200)).body as { id: string }[];
    for (const who of [a, b, c]) await who.agent.post(`/api/groups/${group.id}/join`).expect(200);
    const { stream: ben } = await open(b.cookie);
    const { stream: carl } = await open(c.cookie);
    const { stream: olga } = await open(o.cookie);
    const forGroup = (m: LiveMessage) => m.groupId === group.id;

    let from = ben.messages.length;
    const post = (await a.agent.post(`/api/groups/${group.id}/posts`).send({ title: 'Nights', body: 'Any tips?' }).expect(201)).body as { id: string };
    expect(await ben.waitFor((m) => forGroup(m) && m.postId === post.id, from, 2000)).toEqual({ groupId: group.id, changed: ['group-posts'], postId: post.id });
    await carl.waitFor((m) => forGroup(m) && m.postId === post.id, 0, 2000);

    from = ben.messages.length;
    await b.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'Melatonin' }).expect(201);
    await ben.waitFor((m) => forGroup(m) && m.postId === post.id, from, 2000);
    from = ben.messages.length;
    await a.agent.put('/api/reactions').send({ postId: post.id, reactionType: 'helpful' }).expect(200);
    await ben.waitFor((m) => forGroup(m) && m.postId === post.id, from, 2000);

    // Carl leaves: judged at delivery, he gets nothing more; Olga never did.
    await c.agent.delete(`/api/groups/${group.id}/leave`).expect(204);
    const start = await mark();
    const carlBefore = carl.messages.length;
    from = ben.messages.length;
    await a.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'Thanks!' }).expect(201);
    await ben.waitFor((m) => forGroup(m) && m.postId === post.id, from, 2000);
    await everythingAnnounced(start);
    // (Carl may be told of his own leaving, `changed: ['group']`, and nothing of the group's posts.)
    expect(carl.messages.slice(carlBefore).filter((m) => forGroup(m) && m.changed.includes('group-posts'))).toEqual([]);
    expect(olga.messages.filter(forGroup)).toEqual([]);
    // Ben hears the group's posts, and perhaps his own joining (`['group']`, no post); never its reports.
    const heard = ben.messages.filter(forGroup).map((m) => `${m.childId ?? ''}${JSON.stringify(m.changed)}${m.postId ? '+post' : ''}`);
    expect(heard.filter((m) => m !== '["group-posts"]+post' && m !== '["group"]')).toEqual([]);
  });

  it("support groups: a report reaches the group's moderators only; a mute or unmute reaches the muted member only, without an id", async () => {
    const root = await caregiver('Root', ROOT_EMAIL);
    const a = await caregiver('Ana');
    const b = await caregiver('Ben');
    const m = await caregiver('Mo');
    const [, group] = (await a.agent.get('/api/groups').expect(200)).body as { id: string }[];
    for (const who of [a, b, m]) await who.agent.post(`/api/groups/${group.id}/join`).expect(200);
    await root.agent.put(`/api/groups/${group.id}/members/${m.user.id}/role`).send({ role: 'moderator' }).expect(200);
    const { stream: ana } = await open(a.cookie);
    const { stream: ben } = await open(b.cookie);
    const { stream: mo } = await open(m.cookie);
    let start = await mark();
    const post = (await a.agent.post(`/api/groups/${group.id}/posts`).send({ title: 'Cheap pills', body: 'Buy now' }).expect(201)).body as { id: string };
    await everythingAnnounced(start);
    const forGroup = (msg: LiveMessage) => msg.groupId === group.id;
    // Each member's stream has had the post before the counts are taken (delivery follows the announcement).
    for (const stream of [ana, ben, mo]) await stream.waitFor((msg) => forGroup(msg) && msg.postId === post.id, 0, 2000);
    const since = () => ({ ana: ana.messages.length, ben: ben.messages.length, mo: mo.messages.length });
    const about = (kind: string) => (msg: LiveMessage) => forGroup(msg) && msg.changed.includes(kind);

    start = await mark();
    let from = since();
    await b.agent.post(`/api/posts/${post.id}/report`).send({ reason: 'Spam' }).expect(204);
    expect(await mo.waitFor((msg) => forGroup(msg) && msg.changed.includes('group-reports'), from.mo, 2000)).toEqual({ groupId: group.id, changed: ['group-reports'], postId: post.id });
    await everythingAnnounced(start);
    // Members, the reporter among them, are told nothing of reports (a late message of an earlier change may still arrive).
    expect(ana.messages.slice(from.ana).filter(about('group-reports'))).toEqual([]);
    expect(ben.messages.slice(from.ben).filter(about('group-reports'))).toEqual([]);

    for (const [method, status] of [['post', 200], ['delete', 204]] as const) {
      start = await mark();
      from = since();
      await m.agent[method](`/api/groups/${group.id}/members/${b.user.id}/mute`).send({}).expect(status);
      expect(await ben.waitFor((msg) => forGroup(msg) && msg.changed.includes('group'), from.ben, 2000)).toEqual({ groupId: group.id, changed: ['group'] });
      await everythingAnnounced(start);
      expect(ana.messages.slice(from.ana).filter(about('group'))).toEqual([]);
      expect(mo.messages.slice(from.mo).filter(about('group'))).toEqual([]);
    }
    for (const stream of [ana, ben, mo]) expect(stream.raw).not.toContain(b.user.id);
  });
});
