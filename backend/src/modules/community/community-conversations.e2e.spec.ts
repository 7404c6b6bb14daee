import { randomUUID } from 'node:crypto';
import {
  COMMUNITY_CONVERSATION_TEXT as TEXT,
  COMMUNITY_LIMITS,
  type CommentView,
  type GroupDetail,
  type PostDetail,
  type PostPage,
  type PostView,
  type ReportView,
  type SupportGroup,
} from '@carecircle/libs';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store';
import { allProjectionsCaughtUp } from '../../test-support/event-count';
import { startTestApp, type TestApp } from '../../test-support/test-app';

type Agent = ReturnType<TestApp['agent']>;
interface Person {
  agent: Agent;
  id: string;
  name: string;
}

/**
 * Group conversations over HTTP (issue 26, /work/community-contract.md): members vs non-members vs
 * muted members vs moderators vs anonymous visitors on every route; an anonymous post's author
 * never in a member's answer (the raw JSON); script and HTML returned as the same text in JSON;
 * bounds at the limit and one past; the hourly limits; erasure.
 */
describe('group conversations over HTTP', () => {
  const ROOT_EMAIL = `root-${randomUUID()}@example.com`;
  let t: TestApp;
  let group: SupportGroup;
  let other: SupportGroup;
  let ana: Person, ben: Person, mod: Person, muted: Person, stranger: Person, root: Person;
  let post: PostView;
  const unknown = '00000000-0000-4000-8000-000000000000';
  const anonymous = () => t.agent();
  const events = () => t.eventCount();

  const person = async (firstName: string, email?: string): Promise<Person> => {
    const { agent, user } = await t.signUp({ firstName, lastName: 'Tester', ...(email ? { email } : {}) });
    return { agent, id: user.id, name: `${firstName} Tester` };
  };
  const member = async (firstName: string) => {
    const p = await person(firstName);
    await p.agent.post(`/api/groups/${group.id}/join`).expect(200);
    return p;
  };
  const newPost = async (who: Person, body: object = {}) =>
    (await who.agent.post(`/api/groups/${group.id}/posts`).send({ title: 'A question', body: 'How do you manage nights?', isAnonymous: false, ...body }).expect(201)).body as PostView;
  const list = async (who: Person, cursor?: string) => (await who.agent.get(`/api/groups/${group.id}/posts`).query(cursor ? { cursor } : {}).expect(200)).body as PostPage;
  const errorsOf = (res: { body: { errors?: { field: string }[] } }) => [...new Set((res.body.errors ?? []).map((e) => e.field))];

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ROOT_EMAIL });
    await allProjectionsCaughtUp(t.app);
    root = await person('Root', ROOT_EMAIL);
    [group, other] = (await root.agent.get('/api/groups').expect(200)).body as SupportGroup[];
    [ana, ben, mod, muted] = await Promise.all([member('Ana'), member('Ben'), member('Mo'), member('Muted')]);
    stranger = await person('Stranger');
    await root.agent.put(`/api/groups/${group.id}/members/${mod.id}/role`).send({ role: 'moderator' }).expect(200);
    post = await newPost(ana);
  }, 60_000);
  afterAll(() => t.close());

  it('GET /api/groups/{id}: the group with my role, mute and whether I moderate; non-members too', async () => {
    const seen = async (who: Person) => (await who.agent.get(`/api/groups/${group.id}`).expect(200)).body as GroupDetail;
    expect(await seen(stranger)).toMatchObject({ id: group.id, name: group.name, rules: group.rules, isMember: false, myRole: null, mutedUntil: null, canModerate: false });
    expect(await seen(ana)).toMatchObject({ isMember: true, myRole: 'member', canModerate: false });
    expect(await seen(mod)).toMatchObject({ isMember: true, myRole: 'moderator', canModerate: true });
    expect(await seen(root)).toMatchObject({ isMember: false, myRole: null, canModerate: true });
    expect(errorsOf(await ana.agent.get('/api/groups/nope').expect(400))).toEqual(['id']);
    await ana.agent.get(`/api/groups/${unknown}`).expect(404);
  });

  it('roles: super_admin or the group admin appoints; members and moderators cannot; only members can be appointed', async () => {
    const admin = await member('Adele');
    expect((await root.agent.put(`/api/groups/${group.id}/members/${admin.id}/role`).send({ role: 'admin' }).expect(200)).body).toEqual({ userId: admin.id, role: 'admin' });
    const extra = await member('Extra');
    await admin.agent.put(`/api/groups/${group.id}/members/${extra.id}/role`).send({ role: 'moderator' }).expect(200);
    await admin.agent.put(`/api/groups/${group.id}/members/${extra.id}/role`).send({ role: 'member' }).expect(200);
    const before = await events();
    expect((await mod.agent.put(`/api/groups/${group.id}/members/${extra.id}/role`).send({ role: 'moderator' }).expect(403)).body.message).toBe(TEXT.adminsOnly);
    await ben.agent.put(`/api/groups/${group.id}/members/${ben.id}/role`).send({ role: 'admin' }).expect(403);
    await stranger.agent.put(`/api/groups/${group.id}/members/${extra.id}/role`).send({ role: 'admin' }).expect(403);
    await root.agent.put(`/api/groups/${group.id}/members/${stranger.id}/role`).send({ role: 'moderator' }).expect(404);
    expect(errorsOf(await root.agent.put(`/api/groups/${group.id}/members/${extra.id}/role`).send({ role: 'owner' }).expect(400))).toEqual(['role']);
    expect(errorsOf(await root.agent.put(`/api/groups/${group.id}/members/nope/role`).send({ role: 'member' }).expect(400))).toEqual(['userId']);
    await root.agent.put(`/api/groups/${unknown}/members/${extra.id}/role`).send({ role: 'member' }).expect(404);
    expect(await events()).toBe(before);
  });

  it('posts: members post and read; non-members get 403 with the join message; bad and unknown ids 400 and 404', async () => {
    expect(post).toMatchObject({ groupId: group.id, title: 'A question', isAnonymous: false, isPinned: false, author: { id: ana.id, name: ana.name }, isMine: true, removed: false, removedBy: null, commentCount: 0 });
    expect(post.reactions).toEqual({ counts: { like: 0, thank_you: 0, helpful: 0 }, mine: [] });
    expect((await list(ben)).items.map((p) => p.id)).toContain(post.id);
    const refused = await stranger.agent.get(`/api/groups/${group.id}/posts`).expect(403);
    expect(refused.body.message).toBe(TEXT.membersOnly);
    expect((await stranger.agent.post(`/api/groups/${group.id}/posts`).send({ title: 'x', body: 'y' }).expect(403)).body.message).toBe(TEXT.membersOnly);
    expect((await stranger.agent.get(`/api/posts/${post.id}`).expect(403)).body.message).toBe(TEXT.membersOnly);
    // A member of another group only.
    await ben.agent.post(`/api/groups/${other.id}/join`).expect(200);
    await ben.agent.get(`/api/groups/${other.id}/posts`).expect(200);
    expect(errorsOf(await ben.agent.get('/api/groups/x/posts').expect(400))).toEqual(['id']);
    expect(errorsOf(await ben.agent.post('/api/groups/x/posts').send({ title: 'a', body: 'b' }).expect(400))).toEqual(['id']);
    expect(errorsOf(await ben.agent.get('/api/posts/x').expect(400))).toEqual(['id']);
    await ben.agent.get(`/api/groups/${unknown}/posts`).expect(404);
    await ben.agent.get(`/api/posts/${unknown}`).expect(404);
    await ben.agent.post(`/api/groups/${unknown}/posts`).send({ title: 'a', body: 'b' }).expect(404);
    expect(errorsOf(await ben.agent.get(`/api/groups/${group.id}/posts`).query({ cursor: 'bm9wZQ' }).expect(400))).toEqual(['cursor']);
  });

  it('pages: pinned first, then newest, 20 a page, the cursor goes through every post once', async () => {
    for (const writer of [await member('Pager'), await member('Paige')]) {
      for (let i = 0; i < COMMUNITY_LIMITS.postsPerHour; i++) await newPost(writer, { title: `Page post ${i}` });
    }
    const ids: string[] = [];
    let page = await list(ben);
    ids.push(...page.items.map((p) => p.id));
    expect(page.items).toHaveLength(COMMUNITY_LIMITS.pageSize);
    expect(page.next).toEqual(expect.any(String));
    while (page.next) {
      page = await list(ben, page.next);
      ids.push(...page.items.map((p) => p.id));
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(COMMUNITY_LIMITS.pageSize);
    expect(ids[ids.length - 1]).toBe(post.id); // the oldest, last
  });

  it("an anonymous post's author never appears in a member's answer (raw JSON), only to the author and moderators", async () => {
    // In a group where Ana's only post is anonymous, no answer Ben gets names her in any way.
    await ana.agent.post(`/api/groups/${other.id}/join`).expect(200);
    await ben.agent.post(`/api/groups/${other.id}/join`).expect(200);
    const secret = (await ana.agent.post(`/api/groups/${other.id}/posts`).send({ title: 'Hard day', body: 'I feel alone', isAnonymous: true }).expect(201)).body as PostView;
    expect(secret).toMatchObject({ isAnonymous: true, isMine: true, author: { id: ana.id } });
    await ana.agent.post(`/api/posts/${secret.id}/comments`).send({ body: 'Adding to my own', isAnonymous: true }).expect(201);
    const comment = (await ana.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'Me too, quietly', isAnonymous: true }).expect(201)).body as CommentView;
    expect(comment).toMatchObject({ isAnonymous: true, isMine: true });
    for (const path of [`/api/groups/${other.id}/posts`, `/api/posts/${secret.id}`]) {
      const raw = (await ben.agent.get(path).expect(200)).text;
      expect(raw).toContain(TEXT.anonymous);
      expect(raw).not.toContain(ana.id);
      expect(raw).not.toContain('Ana');
    }
    const thread = (await ben.agent.get(`/api/posts/${post.id}`).expect(200)).body as PostDetail;
    const hidden = thread.comments.find((c) => c.id === comment.id)!;
    expect(JSON.stringify(hidden)).not.toContain(ana.id);
    expect(hidden).toMatchObject({ author: null, authorName: 'Anonymous', isMine: false });
    const reaction = await ben.agent.put('/api/reactions').send({ postId: secret.id, reactionType: 'thank_you' }).expect(200);
    expect(reaction.text).not.toContain(ana.id);
    await mod.agent.post(`/api/groups/${other.id}/join`).expect(200);
    const plain = (await mod.agent.get(`/api/posts/${secret.id}`).expect(200)).body as PostDetail; // a plain member there
    expect(plain.author).toBeNull();
    await root.agent.put(`/api/groups/${other.id}/members/${mod.id}/role`).send({ role: 'moderator' }).expect(200);
    const forMod = (await mod.agent.get(`/api/posts/${secret.id}`).expect(200)).body as PostDetail;
    expect(forMod.author).toEqual({ id: ana.id, name: ana.name });
    expect(((await root.agent.get(`/api/posts/${secret.id}`).expect(200)).body as PostDetail).author).toEqual({ id: ana.id, name: ana.name });
  });

  it('script and HTML in titles and bodies come back as the same text, in JSON', async () => {
    const title = '<script>alert("t")</script>';
    const body = '<img src=x onerror="alert(1)"><b>bold</b> & https://example.com/?a=1&b=<2>';
    const created = await ben.agent.post(`/api/groups/${group.id}/posts`).send({ title, body, isAnonymous: false }).expect(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    expect(created.body).toMatchObject({ title, body });
    const read = await ana.agent.get(`/api/posts/${created.body.id}`).expect(200);
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    expect(read.body).toMatchObject({ title, body });
    const comment = await ana.agent.post(`/api/posts/${created.body.id}/comments`).send({ body: '</script><script>x()</script>' }).expect(201);
    expect(comment.body.body).toBe('</script><script>x()</script>');
  });

  it('bounds: at the limit 2xx, one past 400 naming the field; text is trimmed; blank is refused; nothing recorded on refusal', async () => {
    const writer = await member('Bounds');
    const at = await newPost(writer, { title: 't'.repeat(COMMUNITY_LIMITS.titleMax), body: 'b'.repeat(COMMUNITY_LIMITS.bodyMax) });
    expect(at.title).toHaveLength(COMMUNITY_LIMITS.titleMax);
    expect(at.body).toHaveLength(COMMUNITY_LIMITS.bodyMax);
    expect(await newPost(writer, { title: '  Padded title \n', body: '\n  Padded body  ' })).toMatchObject({ title: 'Padded title', body: 'Padded body' });
    const before = await events();
    const past = (field: string, value: string) => writer.agent.post(`/api/groups/${group.id}/posts`).send({ title: 'ok', body: 'ok', [field]: value }).expect(400);
    expect(errorsOf(await past('title', 't'.repeat(COMMUNITY_LIMITS.titleMax + 1)))).toEqual(['title']);
    expect(errorsOf(await past('body', 'b'.repeat(COMMUNITY_LIMITS.bodyMax + 1)))).toEqual(['body']);
    expect(errorsOf(await past('title', '   '))).toEqual(['title']);
    expect(errorsOf(await past('body', 'a\u0000b'))).toEqual(['body']);
    expect(errorsOf(await writer.agent.post(`/api/groups/${group.id}/posts`).send({ title: 'ok', body: 'ok', isAnonymous: 'yes' }).expect(400))).toEqual(['isAnonymous']);
    expect(errorsOf(await writer.agent.post(`/api/groups/${group.id}/posts`).send({ title: 'ok' }).expect(400))).toEqual(['body']);
    const comment = (body: string) => writer.agent.post(`/api/posts/${at.id}/comments`).send({ body });
    await comment('c'.repeat(COMMUNITY_LIMITS.commentMax)).expect(201);
    const afterComment = await events();
    expect(errorsOf(await comment('c'.repeat(COMMUNITY_LIMITS.commentMax + 1)).expect(400))).toEqual(['body']);
    expect(errorsOf(await comment('').expect(400))).toEqual(['body']);
    expect(await events()).toBe(afterComment);
    expect(afterComment).toBe(before + 1);
    await mod.agent.delete(`/api/posts/${at.id}`).send({ reason: 'r'.repeat(COMMUNITY_LIMITS.reasonMax + 1) }).expect(400);
    await ben.agent.post(`/api/posts/${at.id}/report`).send({ reason: 'r'.repeat(COMMUNITY_LIMITS.reasonMax) }).expect(204);
    expect(errorsOf(await ben.agent.post(`/api/posts/${at.id}/report`).send({ reason: 'r'.repeat(COMMUNITY_LIMITS.reasonMax + 1) }).expect(400))).toEqual(['reason']);
    await mod.agent.delete(`/api/posts/${at.id}`).send({ reason: 'r'.repeat(COMMUNITY_LIMITS.reasonMax) }).expect(204);
  });

  it('comments: one level of replies; members only; bad parents 400 naming parentCommentId', async () => {
    const top = (await ben.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'Melatonin helped us' }).expect(201)).body as CommentView;
    expect(top).toMatchObject({ postId: post.id, parentCommentId: null, body: 'Melatonin helped us', author: { id: ben.id, name: ben.name }, isMine: true, replies: [] });
    const reply = (await ana.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'Thank you!', parentCommentId: top.id }).expect(201)).body as CommentView;
    expect(reply.parentCommentId).toBe(top.id);
    expect(errorsOf(await ben.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'deeper', parentCommentId: reply.id }).expect(400))).toEqual(['parentCommentId']);
    expect(errorsOf(await ben.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'x', parentCommentId: unknown }).expect(400))).toEqual(['parentCommentId']);
    expect(errorsOf(await ben.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'x', parentCommentId: 'nope' }).expect(400))).toEqual(['parentCommentId']);
    expect((await stranger.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'hi' }).expect(403)).body.message).toBe(TEXT.membersOnly);
    expect(errorsOf(await ben.agent.post('/api/posts/x/comments').send({ body: 'hi' }).expect(400))).toEqual(['id']);
    await ben.agent.post(`/api/posts/${unknown}/comments`).send({ body: 'hi' }).expect(404);
    const thread = (await ben.agent.get(`/api/posts/${post.id}`).expect(200)).body as PostDetail;
    const found = thread.comments.find((c) => c.id === top.id)!;
    expect(found.replies.map((r) => [r.id, r.replies])).toEqual([[reply.id, []]]);
    expect(thread.commentCount).toBe(thread.comments.reduce((n, c) => n + 1 + c.replies.length, 0));
  });

  it('reactions toggle, one of each type per user and target, with counts; exactly one target', async () => {
    const put = (who: Person, body: object) => who.agent.put('/api/reactions').send(body);
    expect((await put(ben, { postId: post.id, reactionType: 'like' }).expect(200)).body).toEqual({ reacted: true, reactions: { counts: { like: 1, thank_you: 0, helpful: 0 }, mine: ['like'] } });
    expect((await put(mod, { postId: post.id, reactionType: 'like' }).expect(200)).body.reactions.counts.like).toBe(2);
    expect((await put(ben, { postId: post.id, reactionType: 'helpful' }).expect(200)).body.reactions).toEqual({ counts: { like: 2, thank_you: 0, helpful: 1 }, mine: ['like', 'helpful'] });
    expect((await put(ben, { postId: post.id, reactionType: 'like' }).expect(200)).body).toEqual({ reacted: false, reactions: { counts: { like: 1, thank_you: 0, helpful: 1 }, mine: ['helpful'] } });
    const seen = (await ben.agent.get(`/api/posts/${post.id}`).expect(200)).body as PostDetail;
    expect(seen.reactions).toEqual({ counts: { like: 1, thank_you: 0, helpful: 1 }, mine: ['helpful'] });
    const comment = ((await ben.agent.get(`/api/posts/${post.id}`).expect(200)).body as PostDetail).comments[0];
    expect((await put(ana, { commentId: comment.id, reactionType: 'thank_you' }).expect(200)).body.reacted).toBe(true);
    const before = await events();
    expect(errorsOf(await put(ben, { postId: post.id, commentId: comment.id, reactionType: 'like' }).expect(400))).toEqual(['commentId']);
    expect(errorsOf(await put(ben, { reactionType: 'like' }).expect(400))).toEqual(['postId']);
    expect(errorsOf(await put(ben, { postId: post.id, reactionType: 'love' }).expect(400))).toEqual(['reactionType']);
    expect(errorsOf(await put(ben, { postId: 'nope', reactionType: 'like' }).expect(400))).toEqual(['postId']);
    await put(ben, { postId: unknown, reactionType: 'like' }).expect(404);
    expect((await put(stranger, { postId: post.id, reactionType: 'like' }).expect(403)).body.message).toBe(TEXT.membersOnly);
    expect(await events()).toBe(before);
  });

  it('reports: one open per member and target; the queue for moderators only; dismiss', async () => {
    const target = await newPost(muted, { title: 'Buy my supplements' });
    await ben.agent.post(`/api/posts/${target.id}/report`).send({ reason: 'Selling' }).expect(204);
    const before = await events();
    await ben.agent.post(`/api/posts/${target.id}/report`).send({ reason: 'Selling again' }).expect(204);
    expect(await events()).toBe(before);
    await ana.agent.post(`/api/posts/${target.id}/report`).send({ reason: 'Spam' }).expect(204);
    const comment = (await ana.agent.post(`/api/posts/${target.id}/comments`).send({ body: 'rude words' }).expect(201)).body as CommentView;
    await ben.agent.post(`/api/comments/${comment.id}/report`).send({ reason: 'Rude' }).expect(204);
    await stranger.agent.post(`/api/posts/${target.id}/report`).send({ reason: 'x' }).expect(403);
    expect(errorsOf(await ben.agent.post(`/api/posts/${target.id}/report`).send({}).expect(400))).toEqual(['reason']);
    expect(errorsOf(await ben.agent.post('/api/comments/x/report').send({ reason: 'x' }).expect(400))).toEqual(['id']);
    await ben.agent.post(`/api/comments/${unknown}/report`).send({ reason: 'x' }).expect(404);

    const queue = (await mod.agent.get(`/api/groups/${group.id}/reports`).expect(200)).body as ReportView[];
    const ofPost = queue.find((r) => r.postId === target.id && r.targetType === 'post')!;
    expect(ofPost).toMatchObject({ commentId: null, reportCount: 2, reason: 'Spam', author: { id: muted.id, name: muted.name } });
    expect(ofPost.excerpt).toContain('Buy my supplements');
    expect(queue.find((r) => r.commentId === comment.id)).toMatchObject({ targetType: 'comment', reportCount: 1, excerpt: 'rude words', reason: 'Rude', author: { id: ana.id, name: ana.name } });
    expect(JSON.stringify(queue)).not.toContain(ben.id); // the author, never the reporter
    expect((await ben.agent.get(`/api/groups/${group.id}/reports`).expect(403)).body.message).toBe(TEXT.moderatorsOnly);
    expect((await stranger.agent.get(`/api/groups/${group.id}/reports`).expect(403)).body.message).toBe(TEXT.membersOnly);
    await root.agent.get(`/api/groups/${group.id}/reports`).expect(200);

    await ben.agent.delete(`/api/reports/${ofPost.id}`).expect(403);
    await stranger.agent.delete(`/api/reports/${ofPost.id}`).expect(403);
    await mod.agent.delete(`/api/reports/${ofPost.id}`).expect(204);
    await mod.agent.delete(`/api/reports/${ofPost.id}`).expect(204);
    expect(errorsOf(await mod.agent.delete('/api/reports/x').expect(400))).toEqual(['id']);
    await mod.agent.delete(`/api/reports/${unknown}`).expect(404);
    const after = (await mod.agent.get(`/api/groups/${group.id}/reports`).expect(200)).body as ReportView[];
    expect(after.map((r) => r.commentId)).toEqual([comment.id]);
    // Dismissed: the member may report it again.
    await ben.agent.post(`/api/posts/${target.id}/report`).send({ reason: 'Still selling' }).expect(204);
    expect(((await mod.agent.get(`/api/groups/${group.id}/reports`).expect(200)).body as ReportView[]).find((r) => r.postId === target.id && !r.commentId)).toMatchObject({ reportCount: 1 });
  });

  it('pin and unpin: moderators only; the pinned post comes first', async () => {
    const older = await newPost(ben, { title: 'Pin me' });
    await newPost(ben, { title: 'Newer' });
    expect((await ben.agent.post(`/api/posts/${older.id}/pin`).expect(403)).body.message).toBe(TEXT.moderatorsOnly);
    await stranger.agent.post(`/api/posts/${older.id}/pin`).expect(403);
    expect((await mod.agent.post(`/api/posts/${older.id}/pin`).expect(200)).body).toMatchObject({ id: older.id, isPinned: true });
    expect((await list(ana)).items[0].id).toBe(older.id);
    await mod.agent.post(`/api/posts/${older.id}/pin`).expect(200);
    expect((await mod.agent.delete(`/api/posts/${older.id}/pin`).expect(200)).body.isPinned).toBe(false);
    expect((await list(ana)).items[0].id).not.toBe(older.id);
    await ben.agent.delete(`/api/posts/${older.id}/pin`).expect(403);
    expect(errorsOf(await mod.agent.post('/api/posts/x/pin').expect(400))).toEqual(['id']);
    await mod.agent.post(`/api/posts/${unknown}/pin`).expect(404);
  });

  it('removal: moderators with a reason, which the author sees; authors delete their own; members cannot remove others', async () => {
    const doomed = await newPost(ana, { title: 'Try this dose' });
    const before = await events();
    expect(errorsOf(await mod.agent.delete(`/api/posts/${doomed.id}`).expect(400))).toEqual(['reason']);
    expect((await ben.agent.delete(`/api/posts/${doomed.id}`).send({ reason: 'no' }).expect(403)).body.message).toBe(TEXT.notYours);
    await stranger.agent.delete(`/api/posts/${doomed.id}`).send({ reason: 'no' }).expect(403);
    expect(await events()).toBe(before);
    await mod.agent.delete(`/api/posts/${doomed.id}`).send({ reason: 'Dosing advice is not allowed' }).expect(204);
    const forAna = (await list(ana)).items.find((p) => p.id === doomed.id)!;
    expect(forAna).toMatchObject({ removed: true, removedBy: 'moderator', removalReason: 'Dosing advice is not allowed', title: 'Try this dose' });
    expect((await list(ben)).items.find((p) => p.id === doomed.id)).toBeUndefined();
    await ben.agent.get(`/api/posts/${doomed.id}`).expect(404);
    expect((await mod.agent.get(`/api/posts/${doomed.id}`).expect(200)).body).toMatchObject({ removed: true, removalReason: 'Dosing advice is not allowed' });
    await mod.agent.delete(`/api/posts/${doomed.id}`).send({ reason: 'again' }).expect(404);

    const mine = await newPost(ben, { title: 'Oops' });
    await ben.agent.delete(`/api/posts/${mine.id}`).expect(204);
    await ben.agent.get(`/api/posts/${mine.id}`).expect(404);
    expect((await list(mod)).items.find((p) => p.id === mine.id)).toBeUndefined();

    const c = (await ben.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'delete me' }).expect(201)).body as CommentView;
    const d = (await ana.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'remove me' }).expect(201)).body as CommentView;
    await ana.agent.delete(`/api/comments/${c.id}`).send({ reason: 'x' }).expect(403);
    await ben.agent.delete(`/api/comments/${c.id}`).expect(204);
    expect(errorsOf(await mod.agent.delete(`/api/comments/${d.id}`).send({}).expect(400))).toEqual(['reason']);
    await mod.agent.delete(`/api/comments/${d.id}`).send({ reason: 'Off topic' }).expect(204);
    const forBen = (await ben.agent.get(`/api/posts/${post.id}`).expect(200)).body as PostDetail;
    expect(forBen.comments.find((x) => x.id === c.id)).toMatchObject({ removed: true, removedBy: 'author', body: '' });
    expect(forBen.comments.find((x) => x.id === d.id)).toMatchObject({ removed: true, removedBy: 'moderator', body: '', removalReason: null });
    const forMod = (await mod.agent.get(`/api/posts/${post.id}`).expect(200)).body as PostDetail;
    expect(forMod.comments.find((x) => x.id === c.id)).toMatchObject({ removedBy: 'author', removalReason: null });
    const forAnaThread = (await ana.agent.get(`/api/posts/${post.id}`).expect(200)).body as PostDetail;
    expect(forAnaThread.comments.find((x) => x.id === d.id)).toMatchObject({ removed: true, removedBy: 'moderator', body: 'remove me', removalReason: 'Off topic' });
    expect(forAnaThread.comments.find((x) => x.id === c.id)).toMatchObject({ removedBy: 'author', body: '' });
    expect(errorsOf(await mod.agent.delete('/api/comments/x').send({ reason: 'x' }).expect(400))).toEqual(['id']);
    await mod.agent.delete(`/api/comments/${unknown}`).send({ reason: 'x' }).expect(404);
  });

  it('mute: moderators mute a member, who reads but cannot post, comment or react; not a moderator; unmute', async () => {
    const path = (who: Person) => `/api/groups/${group.id}/members/${who.id}/mute`;
    expect((await ben.agent.post(path(muted)).send({}).expect(403)).body.message).toBe(TEXT.moderatorsOnly);
    await stranger.agent.post(path(muted)).send({}).expect(403);
    expect((await mod.agent.post(path(mod)).send({}).expect(403)).body.message).toBe(TEXT.cannotMuteModerator);
    await mod.agent.post(path(stranger)).send({}).expect(404);
    const far = new Date(Date.now() + (COMMUNITY_LIMITS.muteMaxDays + 1) * 86_400_000).toISOString();
    expect(errorsOf(await mod.agent.post(path(muted)).send({ until: far }).expect(400))).toEqual(['until']);
    expect(errorsOf(await mod.agent.post(path(muted)).send({ until: '2020-01-01T00:00:00Z' }).expect(400))).toEqual(['until']);
    expect(errorsOf(await mod.agent.post(path(muted)).send({ until: 'soon' }).expect(400))).toEqual(['until']);
    expect(errorsOf(await mod.agent.post(`/api/groups/${group.id}/members/nope/mute`).send({}).expect(400))).toEqual(['userId']);
    const theirs = await newPost(muted, { title: 'Before the mute' });
    expect(theirs.authorMutedUntil).toBeNull();
    const answer = (await mod.agent.post(path(muted)).send({}).expect(200)).body as { userId: string; mutedUntil: string };
    // Moderators are told the author is muted (to unmute them); nobody else, the author included.
    expect(((await mod.agent.get(`/api/posts/${theirs.id}`).expect(200)).body as PostDetail).authorMutedUntil).toBe(answer.mutedUntil);
    expect((await list(mod)).items.find((p) => p.id === theirs.id)!.authorMutedUntil).toBe(answer.mutedUntil);
    expect((await list(ana)).items.find((p) => p.id === theirs.id)!.authorMutedUntil).toBeNull();
    expect(((await muted.agent.get(`/api/posts/${theirs.id}`).expect(200)).body as PostDetail).authorMutedUntil).toBeNull();
    expect(answer.userId).toBe(muted.id);
    expect(Date.parse(answer.mutedUntil) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    await muted.agent.get(`/api/groups/${group.id}/posts`).expect(200);
    await muted.agent.get(`/api/posts/${post.id}`).expect(200);
    expect(((await muted.agent.get(`/api/groups/${group.id}`).expect(200)).body as GroupDetail).mutedUntil).toBe(answer.mutedUntil);
    const refused = await muted.agent.post(`/api/groups/${group.id}/posts`).send({ title: 'x', body: 'y' }).expect(403);
    expect(refused.body.message).toMatch(/^You are muted in this group until .+\.$/);
    await muted.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'y' }).expect(403);
    await muted.agent.put('/api/reactions').send({ postId: post.id, reactionType: 'like' }).expect(403);
    // Leaving and joining again does not lift it.
    await muted.agent.delete(`/api/groups/${group.id}/leave`).expect(204);
    await muted.agent.post(`/api/groups/${group.id}/join`).expect(200);
    await muted.agent.post(`/api/groups/${group.id}/posts`).send({ title: 'x', body: 'y' }).expect(403);

    await ben.agent.delete(path(muted)).expect(403);
    await mod.agent.delete(path(muted)).expect(204);
    expect(((await mod.agent.get(`/api/posts/${theirs.id}`).expect(200)).body as PostDetail).authorMutedUntil).toBeNull();
    await mod.agent.delete(path(muted)).expect(204);
    await newPost(muted, { title: 'Back again' });
    expect(((await root.agent.post(path(muted)).send({ until: new Date(Date.now() + 3_600_000).toISOString() }).expect(200)).body as { mutedUntil: string }).mutedUntil).toBeDefined();
    await root.agent.delete(path(muted)).expect(204);
  });

  it('anonymous visitors get 401 on every route', async () => {
    const a = anonymous();
    const comment = ((await ana.agent.get(`/api/posts/${post.id}`).expect(200)).body as PostDetail).comments[0];
    const g = group.id;
    await a.get(`/api/groups/${g}`).expect(401);
    await a.get(`/api/groups/${g}/posts`).expect(401);
    await a.post(`/api/groups/${g}/posts`).send({ title: 'x', body: 'y' }).expect(401);
    await a.get(`/api/posts/${post.id}`).expect(401);
    await a.post(`/api/posts/${post.id}/comments`).send({ body: 'x' }).expect(401);
    await a.put('/api/reactions').send({ postId: post.id, reactionType: 'like' }).expect(401);
    await a.post(`/api/posts/${post.id}/report`).send({ reason: 'x' }).expect(401);
    await a.post(`/api/comments/${comment.id}/report`).send({ reason: 'x' }).expect(401);
    await a.post(`/api/posts/${post.id}/pin`).expect(401);
    await a.delete(`/api/posts/${post.id}/pin`).expect(401);
    await a.delete(`/api/posts/${post.id}`).send({ reason: 'x' }).expect(401);
    await a.delete(`/api/comments/${comment.id}`).send({ reason: 'x' }).expect(401);
    await a.get(`/api/groups/${g}/reports`).expect(401);
    await a.delete(`/api/reports/${unknown}`).expect(401);
    await a.post(`/api/groups/${g}/members/${ben.id}/mute`).send({}).expect(401);
    await a.delete(`/api/groups/${g}/members/${ben.id}/mute`).expect(401);
    await a.put(`/api/groups/${g}/members/${ben.id}/role`).send({ role: 'admin' }).expect(401);
  });

  it(`posting more than ${COMMUNITY_LIMITS.postsPerHour} posts or ${COMMUNITY_LIMITS.commentsPerHour} comments an hour is a 429 with the contract's message`, async () => {
    const busy = await member('Busy');
    for (let i = 0; i < COMMUNITY_LIMITS.postsPerHour; i++) await newPost(busy, { title: `Post ${i}` });
    const before = await events();
    const refused = await busy.agent.post(`/api/groups/${group.id}/posts`).send({ title: 'one more', body: 'b' }).expect(429);
    expect(refused.body.message).toBe(TEXT.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await events()).toBe(before);
    for (let i = 0; i < COMMUNITY_LIMITS.commentsPerHour; i++) await busy.agent.post(`/api/posts/${post.id}/comments`).send({ body: `c${i}` }).expect(201);
    expect((await busy.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'one more' }).expect(429)).body.message).toBe(TEXT.rateLimited);
    // Another member is not affected.
    await ben.agent.post(`/api/posts/${post.id}/comments`).send({ body: 'still here' }).expect(201);
  }, 60_000);

  it("erasure: an erased account's posts and comments stay as 'Deleted account' with their text gone, in the answers, the rows and the events", async () => {
    const password = 'correct horse battery';
    const { agent, user } = await t.signUp({ firstName: 'Gone', lastName: 'Soon', password });
    await agent.post(`/api/groups/${group.id}/join`).expect(200);
    const gonePost = (await agent.post(`/api/groups/${group.id}/posts`).send({ title: 'Distinctive-title-zq1', body: 'Distinctive-body-zq2' }).expect(201)).body as PostView;
    const goneComment = (await agent.post(`/api/posts/${post.id}/comments`).send({ body: 'Distinctive-comment-zq3' }).expect(201)).body as CommentView;
    await agent.put('/api/reactions').send({ postId: post.id, reactionType: 'helpful' }).expect(200);
    await ben.agent.post(`/api/posts/${gonePost.id}/comments`).send({ body: 'Reply stays' }).expect(201);
    await agent.delete('/api/user').send({ password }).expect(204);
    await allProjectionsCaughtUp(t.app);

    const seen = (await ben.agent.get(`/api/posts/${gonePost.id}`).expect(200)).body as PostDetail;
    expect(seen).toMatchObject({ title: '', body: '', author: null, authorName: TEXT.deletedAccount, isMine: false });
    expect(seen.comments.map((c) => c.body)).toEqual(['Reply stays']);
    const thread = (await ben.agent.get(`/api/posts/${post.id}`).expect(200)).body as PostDetail;
    expect(thread.comments.find((c) => c.id === goneComment.id)).toMatchObject({ body: '', authorName: TEXT.deletedAccount, author: null });
    expect(JSON.stringify(thread)).not.toContain(user.id);
    const dump = JSON.stringify([
      (await t.sql('SELECT * FROM group_posts')).rows,
      (await t.sql('SELECT * FROM group_comments')).rows,
      (await t.sql(`SELECT data FROM es_events WHERE type IN ('PostCreated', 'CommentAdded')`)).rows,
    ]);
    for (const text of ['Distinctive-title-zq1', 'Distinctive-body-zq2', 'Distinctive-comment-zq3']) expect(dump).not.toContain(text);
    const replayed = (await t.app.get<EventStore>(EVENT_STORE).readAll(null)).find((e) => e.type === 'PostCreated' && (e.data as { postId: string }).postId === gonePost.id)!;
    expect(replayed.data).toMatchObject({ title: 'Erased', body: 'Erased' });
    expect((await t.sql('SELECT count(*)::int AS n FROM group_reactions WHERE user_id = $1', [user.id])).rows).toEqual([{ n: 0 }]);
  }, 30_000);
});
