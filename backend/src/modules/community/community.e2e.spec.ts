import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { GROUP_CATEGORIES, GROUP_DEFINITIONS, type SupportGroup } from '@carecircle/libs';
import { createApp } from '../../app';
import { groupStream } from './domain/group';
import { CreateGroup } from './commands/create-group/create-group.handler';
import { CreateGroupsAtStart } from './commands/create-group/create-groups-at-start';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store';
import { allProjectionsCaughtUp } from '../../test-support/event-count';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';

/**
 * Support groups over HTTP (issue 26): the seven groups exist once from the first start (a second
 * start creates nothing), joining and leaving, the member counts, each user's own list, anonymous
 * 401 everywhere, bad ids change nothing, and an erased account leaves every group.
 */
describe('support groups over HTTP', () => {
  let t: TestApp;
  const events = async () => (await t.app.get<EventStore>(EVENT_STORE).readAll(null)).filter((e) => e.type.startsWith('Group'));
  const list = async (agent: ReturnType<TestApp['agent']>, path = '/api/groups') => (await agent.get(path).expect(200)).body as SupportGroup[];

  beforeAll(async () => {
    t = await startTestApp();
    await allProjectionsCaughtUp(t.app);
  }, 60_000);
  afterAll(() => t.close());

  it('the seven groups exist once after start, one per category, and a second start creates none again', async () => {
    const { agent } = await t.signUp();
    const groups = await until('the seven groups', async () => ((await list(agent)).length === 7 ? list(agent) : null));
    expect(groups.map((g) => g.category)).toEqual([...GROUP_CATEGORIES]);
    expect(groups[0]).toEqual({ id: expect.any(String), ...GROUP_DEFINITIONS[0], memberCount: 0, isMember: false });
    expect((await events()).filter((e) => e.type === 'GroupCreated')).toHaveLength(7);

    const second = await createApp(t.config, t.databaseUrl);
    await second.init();
    await second.close();
    expect((await events()).filter((e) => e.type === 'GroupCreated')).toHaveLength(7);
    expect((await t.sql('SELECT count(*)::int AS n FROM groups')).rows).toEqual([{ n: 7 }]);
  }, 60_000);

  it('start-ups at the same moment (several processes) record each group once', async () => {
    const start = t.app.get(CreateGroupsAtStart);
    await Promise.all([start.onApplicationBootstrap(), start.onApplicationBootstrap(), start.onApplicationBootstrap()]);
    expect((await events()).filter((e) => e.type === 'GroupCreated')).toHaveLength(7);
    // The race on an empty stream: three creations of a new group at once record it once.
    const groupId = randomUUID();
    const { category, name, description, icon, color, rules } = GROUP_DEFINITIONS[6];
    const create = () => t.app.get(CommandBus).execute(new CreateGroup({ groupId, details: { category, name, description, icon, color, rules: [...rules] }, metadata: { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() } }));
    await Promise.all([create(), create(), create()]);
    // Its own stream (readAll answers only what every transaction of the server has settled: under load it may lag).
    expect((await t.app.get<EventStore>(EVENT_STORE).readStream(groupStream(groupId))).map((e) => e.type)).toEqual(['GroupCreated']);
    await allProjectionsCaughtUp(t.app);
    await t.sql('DELETE FROM groups WHERE id = $1', [groupId]); // the lists in the other tests show the seven
  });

  it('ten caregivers joining one group at once are ten members', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => t.signUp()));
    const group = (await list(users[0].agent)).find((g) => g.category === 'general_parenting')!;
    await Promise.all(users.map(({ agent }) => agent.post(`/api/groups/${group.id}/join`).expect(200)));
    expect((await list(users[0].agent)).find((g) => g.id === group.id)!.memberCount).toBe(group.memberCount + 10);
    expect((await t.sql('SELECT count(*)::int AS n FROM group_members WHERE group_id = $1', [group.id])).rows).toEqual([{ n: group.memberCount + 10 }]);
  }, 30_000);

  it('join, my groups, member count; joining again changes nothing; leave; leaving again is a 409', async () => {
    const { agent: ana } = await t.signUp();
    const { agent: ben } = await t.signUp({ firstName: 'Ben' });
    const [autism, kidney] = await list(ana);

    const joined = (await ana.post(`/api/groups/${autism.id}/join`).expect(200)).body as SupportGroup;
    expect(joined).toMatchObject({ id: autism.id, isMember: true, memberCount: autism.memberCount + 1 });
    const before = (await events()).length;
    expect((await ana.post(`/api/groups/${autism.id}/join`).expect(200)).body).toEqual(joined);
    expect((await events()).length).toBe(before);

    await ben.post(`/api/groups/${autism.id}/join`).expect(200);
    await ben.post(`/api/groups/${kidney.id}/join`).expect(200);
    expect((await list(ana, '/api/user/groups')).map((g) => g.id)).toEqual([autism.id]);
    expect((await list(ben, '/api/user/groups')).map((g) => [g.id, g.isMember])).toEqual([[autism.id, true], [kidney.id, true]]);
    const all = await list(ana);
    expect(all.find((g) => g.id === autism.id)).toMatchObject({ memberCount: autism.memberCount + 2, isMember: true });
    expect(all.find((g) => g.id === kidney.id)).toMatchObject({ memberCount: kidney.memberCount + 1, isMember: false });

    await ana.delete(`/api/groups/${autism.id}/leave`).expect(204);
    expect(await list(ana, '/api/user/groups')).toEqual([]);
    expect((await list(ben)).find((g) => g.id === autism.id)).toMatchObject({ memberCount: autism.memberCount + 1 });
    const again = await ana.delete(`/api/groups/${autism.id}/leave`).expect(409);
    expect(again.body).toMatchObject({ code: 'COMMUNITY.NOT_A_MEMBER', message: 'You are not a member of this group.' });
  }, 30_000);

  it('anonymous visitors get 401 on all four routes', async () => {
    const anonymous = t.agent();
    const [group] = await list((await t.signUp()).agent);
    await anonymous.get('/api/groups').expect(401);
    await anonymous.get('/api/user/groups').expect(401);
    await anonymous.post(`/api/groups/${group.id}/join`).expect(401);
    await anonymous.delete(`/api/groups/${group.id}/leave`).expect(401);
  });

  it('a bad id is a 400 and an unknown group a 404, recording nothing', async () => {
    const { agent } = await t.signUp();
    const before = (await events()).length;
    expect((await agent.post('/api/groups/not-a-uuid/join').expect(400)).body.errors).toEqual([{ field: 'id', message: 'id must be a group id (UUID)' }]);
    expect((await agent.delete('/api/groups/not-a-uuid/leave').expect(400)).body.errors).toEqual([{ field: 'id', message: 'id must be a group id (UUID)' }]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await agent.post(`/api/groups/${unknown}/join`).expect(404)).body).toMatchObject({ code: 'COMMUNITY.GROUP_NOT_FOUND' });
    await agent.delete(`/api/groups/${unknown}/leave`).expect(404);
    expect((await events()).length).toBe(before);
    expect(await list(agent, '/api/user/groups')).toEqual([]);
  });

  it('an erased account leaves every group and the member counts follow', async () => {
    const password = 'correct horse battery';
    const { agent: gone, user } = await t.signUp({ password });
    const groups = await list(gone);
    for (const group of groups.slice(0, 3)) await gone.post(`/api/groups/${group.id}/join`).expect(200);
    await gone.delete('/api/user').send({ password }).expect(204);
    await allProjectionsCaughtUp(t.app);
    expect((await t.sql('SELECT count(*)::int AS n FROM group_members WHERE user_id = $1', [user.id])).rows).toEqual([{ n: 0 }]);
    const after = await list((await t.signUp()).agent);
    expect(after.map((g) => g.memberCount)).toEqual(groups.map((g) => g.memberCount));
  }, 30_000);
});
