import { randomUUID } from 'node:crypto';
import { UsersQuery } from '../../../identity';
import { projectionHarness } from '../../../../test-support/projection-harness';
import { postStream, type PostEvent } from '../../domain/post';
import { reactionStream, type ReactionEvent } from '../../domain/reaction';
import { groupStream } from '../../domain/group';
import { GroupsProjection } from '../groups/groups.projection';
import { PostsProjection } from './posts.projection';
import { postCursor, PostsQuery, type Viewer } from './posts.query';
import { decodeCursor } from '../../../../platform/http/page';

/**
 * The posts read model against real PostgreSQL: the list order and its cursor, what each viewer
 * sees (anonymous authors, removed posts and reasons), set-based reaction counts, replays, and
 * an erased author's posts kept without text as "Deleted account".
 */
describe('group posts read model (PostgreSQL)', () => {
  let h: Awaited<ReturnType<typeof projectionHarness>>;
  const projection = new PostsProjection();
  const query = () => new PostsQuery(h.orm.em, new UsersQuery(h.orm.em));
  const groupId = randomUUID();
  const [ana, ben, mod] = [randomUUID(), randomUUID(), randomUUID()];
  const asAna: Viewer = { userId: ana, canModerate: false };
  const asBen: Viewer = { userId: ben, canModerate: false };
  const asMod: Viewer = { userId: mod, canModerate: true };
  const minute = (n: number) => new Date(Date.UTC(2026, 10, 29, 6, n)).toISOString();
  const all: PostEvent[] = [];

  const post = (postId: string, authorId: string, n: number, over: Partial<{ isAnonymous: boolean; title: string }> = {}): PostEvent => ({
    type: 'PostCreated',
    data: { groupId, postId, authorId, title: over.title ?? `Post ${n}`, body: `Body ${n}`, isAnonymous: over.isAnonymous ?? false, createdAt: minute(n) },
  });
  const feed = async (...events: (PostEvent | ReactionEvent | { type: 'UserErased'; data: { userId: string; erasedAt: string } })[]) => {
    all.push(...(events.filter((e) => e.type !== 'UserErased' && !e.type.startsWith('Reaction')) as PostEvent[]));
    await h.apply(
      projection,
      events.map((e) =>
        h.record(
          e.type === 'UserErased' ? `user-${e.data.userId}` : e.type.startsWith('Reaction') ? reactionStream(randomUUID(), randomUUID()) : postStream((e as PostEvent).data.postId),
          e,
        ),
      ),
    );
  };
  const pages = async (viewer: Viewer) => {
    const ids: string[] = [];
    let after = null;
    for (let i = 0; i < 20; i++) {
      const page = await query().page(groupId, viewer, { after, size: 2 });
      ids.push(...page.items.map((p) => p.id));
      if (!page.next) return ids;
      after = decodeCursor(page.next, postCursor);
    }
    throw new Error('too many pages');
  };

  const posts: string[] = Array.from({ length: 5 }, () => randomUUID());
  const anonymous = randomUUID();

  beforeAll(async () => {
    h = await projectionHarness();
    for (const [id, first] of [
      [ana, 'Ana'],
      [ben, 'Ben'],
      [mod, 'Mo'],
    ]) {
      await h.em().execute(`INSERT INTO users (id, email, first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, 'Test', now(), now())`, [id, `${id}@example.com`, first]);
    }
  });
  afterAll(() => h.close());

  it('pinned first, then newest, through a cursor of pages of two, every post once', async () => {
    await feed(...posts.map((id, n) => post(id, n % 2 ? ben : ana, n)));
    await feed({ type: 'PostPinned', data: { groupId, postId: posts[1], pinnedBy: mod, pinnedAt: minute(10) } });
    expect(await pages(asAna)).toEqual([posts[1], posts[4], posts[3], posts[2], posts[0]]);
    // Two posts at the same instant: the id breaks the tie, the cursor stays stable.
    const [twinA, twinB] = [randomUUID(), randomUUID()].sort();
    await feed(post(twinA, ana, 2), post(twinB, ana, 2));
    const ids = await pages(asAna);
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
    expect(ids.indexOf(twinB)).toBeLessThan(ids.indexOf(twinA));
  });

  it("an anonymous post's author is hidden from members (not even the id), shown to the author and moderators", async () => {
    await feed(post(anonymous, ana, 20, { isAnonymous: true }));
    const seenBy = async (viewer: Viewer) => (await query().page(groupId, viewer, { after: null })).items.find((p) => p.id === anonymous)!;
    const byBen = await seenBy(asBen);
    expect(byBen).toMatchObject({ author: null, authorName: 'Anonymous', isMine: false, isAnonymous: true });
    expect(JSON.stringify(byBen)).not.toContain(ana);
    expect(JSON.stringify(await query().detail(anonymous, asBen))).not.toContain(ana);
    expect(await seenBy(asAna)).toMatchObject({ author: { id: ana, name: 'Ana Test' }, isMine: true });
    expect(await seenBy(asMod)).toMatchObject({ author: { id: ana, name: 'Ana Test' }, isMine: false });
  });

  it('reaction counts and my reactions come from one statement per page; toggling back and forth and replays count once', async () => {
    const target = posts[4];
    const reaction = (type: 'ReactionAdded' | 'ReactionRemoved', userId: string, reactionType: 'like' | 'helpful'): ReactionEvent =>
      type === 'ReactionAdded'
        ? { type, data: { groupId, postId: target, commentId: null, userId, reactionType, reactedAt: minute(30) } }
        : { type, data: { groupId, postId: target, commentId: null, userId, reactionType, removedAt: minute(31) } };
    await feed(reaction('ReactionAdded', ana, 'like'), reaction('ReactionAdded', ben, 'like'), reaction('ReactionAdded', ben, 'helpful'), reaction('ReactionAdded', ben, 'helpful'));
    const seen = async (viewer: Viewer) => (await query().page(groupId, viewer, { after: null })).items.find((p) => p.id === target)!.reactions;
    expect(await seen(asBen)).toEqual({ counts: { like: 2, thank_you: 0, helpful: 1 }, mine: ['like', 'helpful'] });
    expect(await seen(asAna)).toEqual({ counts: { like: 2, thank_you: 0, helpful: 1 }, mine: ['like'] });
    await feed(reaction('ReactionRemoved', ben, 'like'));
    expect(await seen(asBen)).toEqual({ counts: { like: 1, thank_you: 0, helpful: 1 }, mine: ['helpful'] });
    expect((await h.rows('group_posts')).find((r) => r.id === target)).toMatchObject({ reaction_count: 2 });
  });

  it('removal: listed to its author and moderators with the reason; to other members not at all; a deleted post to nobody', async () => {
    await feed({ type: 'PostRemoved', data: { groupId, postId: posts[3], authorId: ben, removedBy: mod, reason: 'Medical advice', removedAt: minute(40) } });
    await feed({ type: 'PostDeleted', data: { groupId, postId: posts[2], authorId: ana, deletedAt: minute(41) } });
    const ids = async (viewer: Viewer) => (await pages(viewer)).filter((id) => posts.includes(id));
    expect(await ids(asAna)).toEqual([posts[1], posts[4], posts[0]]);
    expect(await ids(asBen)).toEqual([posts[1], posts[4], posts[3], posts[0]]);
    expect(await ids(asMod)).toEqual([posts[1], posts[4], posts[3], posts[0]]);
    expect(await query().post(posts[3], asBen)).toMatchObject({ removed: true, removedBy: 'moderator', removalReason: 'Medical advice', title: 'Post 3' });
    expect(await query().post(posts[1], asBen)).toMatchObject({ removed: false, removedBy: null });
    expect(await query().post(posts[3], asAna)).toBeNull();
    expect(await query().post(posts[2], asAna)).toBeNull();
  });

  it('comments: oldest first, replies nested, a removed one keeps its place without text but for its author and moderators', async () => {
    const [c1, c2, c3] = [randomUUID(), randomUUID(), randomUUID()];
    const added = (commentId: string, parentCommentId: string | null, authorId: string, n: number, isAnonymous = false): PostEvent => ({
      type: 'CommentAdded',
      data: { groupId, postId: posts[0], commentId, parentCommentId, authorId, body: `Comment ${n}`, isAnonymous, createdAt: minute(50 + n) },
    });
    await feed(added(c1, null, ben, 1), added(c2, c1, ana, 2, true), added(c3, null, ben, 3));
    await feed({ type: 'CommentRemoved', data: { groupId, postId: posts[0], commentId: c3, authorId: ben, removedBy: mod, reason: 'Off topic', removedAt: minute(59) } });
    const c4 = randomUUID();
    await feed(added(c4, null, ben, 4), { type: 'CommentDeleted', data: { groupId, postId: posts[0], commentId: c4, authorId: ben, deletedAt: minute(58) } });
    const byAna = (await query().detail(posts[0], asAna))!;
    expect(byAna.commentCount).toBe(2);
    // Every member is told who took a comment away (it names nobody); the reason only its author and moderators.
    expect(byAna.comments.map((c) => [c.id, c.body, c.removed, c.removedBy, c.removalReason, c.replies.map((r) => r.id)])).toEqual([
      [c1, 'Comment 1', false, null, null, [c2]],
      [c3, '', true, 'moderator', null, []],
      [c4, '', true, 'author', null, []],
    ]);
    expect((await query().detail(posts[0], asMod))!.comments[2]).toMatchObject({ removedBy: 'author', removalReason: null, body: '' });
    expect(byAna.comments[0].replies[0]).toMatchObject({ isMine: true, author: { id: ana } });
    const byBen = (await query().detail(posts[0], asBen))!;
    expect(byBen.comments[0].replies[0]).toMatchObject({ author: null, authorName: 'Anonymous' });
    expect(JSON.stringify(byBen.comments[0].replies)).not.toContain(ana); // the post itself is Ana's, signed
    expect(byBen.comments[1]).toMatchObject({ body: 'Comment 3', removed: true, removedBy: 'moderator', removalReason: 'Off topic' });
  });

  it("a muted author: moderators are told until when (on posts and comments), members never; an ended mute is no mute", async () => {
    const groups = new GroupsProjection();
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const mute = (mutedUntil: string) =>
      h.apply(groups, [h.record(groupStream(groupId), { type: 'GroupMemberMuted', data: { groupId, userId: ben, mutedUntil, mutedBy: mod, mutedAt: minute(60) } })]);
    await mute(until);
    const benPost = async (viewer: Viewer) => (await query().page(groupId, viewer, { after: null })).items.find((p) => p.id === posts[1])!;
    expect(await benPost(asMod)).toMatchObject({ authorMutedUntil: until });
    expect(await benPost(asAna)).toMatchObject({ authorMutedUntil: null });
    expect(await benPost(asBen)).toMatchObject({ authorMutedUntil: null }); // the member learns of it from GroupDetail, not here
    expect((await query().post(posts[1], asMod))!.authorMutedUntil).toBe(until);
    const byMod = (await query().detail(posts[0], asMod))!;
    expect(byMod.authorMutedUntil).toBeNull(); // Ana's post
    expect(byMod.comments[0]).toMatchObject({ author: { id: ben }, authorMutedUntil: until });
    expect((await query().detail(posts[0], asAna))!.comments[0].authorMutedUntil).toBeNull();
    expect((await query().comment(byMod.comments[0].id, asMod))!.authorMutedUntil).toBe(until);
    await mute(new Date(Date.now() - 1000).toISOString());
    expect(await benPost(asMod)).toMatchObject({ authorMutedUntil: null });
    await h.apply(groups, [h.record(groupStream(groupId), { type: 'GroupMemberUnmuted', data: { groupId, userId: ben, unmutedBy: mod, unmutedAt: minute(61) } })]);
  });

  it('applying every event again changes nothing', async () => {
    const before = { posts: await h.rows('group_posts'), comments: await h.rows('group_comments'), reactions: await h.rows('group_reactions') };
    await h.apply(projection, all.map((e) => h.record(postStream(e.data.postId), e)));
    expect({ posts: await h.rows('group_posts'), comments: await h.rows('group_comments'), reactions: await h.rows('group_reactions') }).toEqual(before);
  });

  it("an erased account's posts and comments stay as 'Deleted account' without text; its reactions and reasons go", async () => {
    await h.em().execute('DELETE FROM users WHERE id = ?', [ben]); // identity's projection does this on UserErased
    await feed({ type: 'UserErased', data: { userId: ben, erasedAt: minute(59) } });
    await feed({ type: 'UserErased', data: { userId: mod, erasedAt: minute(59) } });
    const benPost = (await query().page(groupId, asAna, { after: null })).items.find((p) => p.id === posts[1])!;
    expect(benPost).toMatchObject({ title: '', body: '', author: null, authorName: 'Deleted account', isMine: false });
    expect(benPost.reactions.counts).toEqual({ like: 0, thank_you: 0, helpful: 0 });
    const detail = (await query().detail(posts[0], asAna))!;
    expect(detail.comments[0]).toMatchObject({ body: '', authorName: 'Deleted account', author: null });
    const rows = JSON.stringify([await h.rows('group_posts'), await h.rows('group_comments')]);
    for (const gone of ['Post 1', 'Post 3', 'Comment 1', 'Comment 3', 'Off topic', 'Medical advice']) expect(rows).not.toContain(gone);
    expect((await h.rows('group_reactions')).filter((r) => r.user_id === ben)).toEqual([]);
  });
});
