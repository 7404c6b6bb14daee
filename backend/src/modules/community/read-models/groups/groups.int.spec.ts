import { randomUUID } from 'node:crypto';
import { GROUP_DEFINITIONS } from '@carecircle/libs';
import { projectionHarness } from '../../../../test-support/projection-harness';
import { groupStream, type GroupEvent } from '../../domain/group';
import { GroupsProjection } from './groups.projection';
import { GroupsQuery } from './groups.query';

describe('groups read model (PostgreSQL)', () => {
  let h: Awaited<ReturnType<typeof projectionHarness>>;
  const projection = new GroupsProjection();
  const query = () => new GroupsQuery(h.orm.em);
  const [autism, kidney] = [randomUUID(), randomUUID()];
  const [ana, ben] = [randomUUID(), randomUUID()];
  const at = '2026-11-29T06:00:00.000Z';

  const created = (groupId: string, index: number): GroupEvent => {
    const { category, name, description, icon, color, rules } = GROUP_DEFINITIONS[index];
    return { type: 'GroupCreated', data: { groupId, category, name, description, icon, color, rules, createdAt: at } };
  };
  const joined = (groupId: string, userId: string): GroupEvent => ({ type: 'GroupJoined', data: { groupId, userId, role: 'member', joinedAt: at } });
  const left = (groupId: string, userId: string): GroupEvent => ({ type: 'GroupLeft', data: { groupId, userId, leftAt: at } });
  const erased = (userId: string) => ({ type: 'UserErased', data: { userId, erasedAt: at } });
  const feed = (...events: { type: string; data: object }[]) =>
    h.apply(
      projection,
      events.map((event) => h.record('groupId' in event.data ? groupStream((event.data as { groupId: string }).groupId) : `user-${(event.data as { userId: string }).userId}`, event)),
    );
  const counts = async () => Object.fromEntries((await h.rows('groups')).map((row) => [row.id, row.member_count]));

  beforeAll(async () => {
    h = await projectionHarness();
  });
  afterAll(() => h.close());

  it('a group appears with no members, and in the category order', async () => {
    await feed(created(kidney, 1), created(autism, 0));
    const groups = await query().all(ana);
    expect(groups.map((g) => [g.category, g.memberCount, g.isMember])).toEqual([
      ['autism_support', 0, false],
      ['puv_kidney_care', 0, false],
    ]);
    expect(groups[0]).toMatchObject({ name: 'Autism Support', icon: 'puzzle', rules: GROUP_DEFINITIONS[0].rules });
  });

  it('joins and leaves move the member count, which is the number of members', async () => {
    await feed(joined(autism, ana), joined(autism, ben), joined(kidney, ben));
    expect(await counts()).toEqual({ [autism]: 2, [kidney]: 1 });
    expect((await query().joinedBy(ana)).map((g) => g.id)).toEqual([autism]);
    expect((await query().joinedBy(ben)).map((g) => g.id)).toEqual([autism, kidney]);
    await feed(left(autism, ana));
    expect(await counts()).toEqual({ [autism]: 1, [kidney]: 1 });
    expect(await query().joinedBy(ana)).toEqual([]);
    expect(await query().byId(ben, autism)).toMatchObject({ isMember: true, memberCount: 1 });
  });

  it('applying the same events again changes nothing (one row per group and user, count never below 0)', async () => {
    const before = { groups: await h.rows('groups'), members: await h.rows('group_members') };
    const replayed = [created(autism, 0), joined(autism, ben), joined(kidney, ben), left(autism, ana), left(autism, ana)].map((e) => h.record(groupStream(e.data.groupId), e));
    await h.apply(projection, replayed);
    expect(await h.rows('groups')).toEqual(before.groups);
    expect(await h.rows('group_members')).toEqual(before.members);
  });

  it('an erased user leaves every group; the counts follow', async () => {
    await feed(erased(ben));
    expect(await counts()).toEqual({ [autism]: 0, [kidney]: 0 });
    expect(await h.rows('group_members')).toEqual([]);
    await feed(erased(ben));
    expect(await counts()).toEqual({ [autism]: 0, [kidney]: 0 });
  });

  it('roles change in place; a mute outlives leaving and joining again; an erased user\'s mutes go', async () => {
    const cara = randomUUID();
    const muted = { type: 'GroupMemberMuted', data: { groupId: autism, userId: cara, mutedUntil: '2026-12-06T06:00:00.000Z', mutedBy: ana, mutedAt: at } };
    await feed(joined(autism, cara), { type: 'GroupMemberRoleChanged', data: { groupId: autism, userId: cara, role: 'moderator', changedBy: ana, changedAt: at } });
    expect((await h.rows('group_members')).find((r) => r.user_id === cara)).toMatchObject({ role: 'moderator', is_muted: false });
    expect(await query().rolesIn(cara, [autism, randomUUID()])).toEqual(new Map([[autism, 'moderator']]));
    await feed({ type: 'GroupMemberRoleChanged', data: { groupId: autism, userId: cara, role: 'member', changedBy: ana, changedAt: at } }, muted);
    expect((await h.rows('group_members')).find((r) => r.user_id === cara)).toMatchObject({ role: 'member', is_muted: true });
    await feed(left(autism, cara), joined(autism, cara));
    expect((await h.rows('group_members')).find((r) => r.user_id === cara)).toMatchObject({ is_muted: true });
    const mutes = await h.rows('group_mutes');
    expect(mutes.map((r) => [r.user_id, new Date(r.muted_until as string).toISOString()])).toEqual([[cara, '2026-12-06T06:00:00.000Z']]);
    await feed(muted); // again: one row
    expect(await h.rows('group_mutes')).toHaveLength(1);
    await feed({ type: 'GroupMemberUnmuted', data: { groupId: autism, userId: cara, unmutedBy: ana, unmutedAt: at } });
    expect(await h.rows('group_mutes')).toEqual([]);
    expect((await h.rows('group_members')).find((r) => r.user_id === cara)).toMatchObject({ is_muted: false });
    await feed(muted, erased(cara));
    expect(await h.rows('group_mutes')).toEqual([]);
    expect(await query().rolesIn(cara, [autism])).toEqual(new Map());
  });
});
