import { randomUUID } from 'node:crypto';
import { UsersQuery } from '../../../identity';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { postStream, type PostEvent } from '../../domain/post';
import { PostsProjection } from '../posts/posts.projection';
import { ReportsProjection } from './reports.projection';
import { REPORT_QUEUE_MAX, ReportsQuery } from './reports.query';

/**
 * The report queue against real PostgreSQL: one entry per target with its author, counts,
 * dismissal, removal, deletion and erasure, the bound, and the per-target rows the queue reads.
 */
describe('group report queue (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const posts = new PostsProjection();
  const reports = new ReportsProjection();
  const query = () => new ReportsQuery(h.orm.em, new UsersQuery(h.orm.em));
  const groupId = randomUUID();
  const [postId, commentId, anonymousPostId] = [randomUUID(), randomUUID(), randomUUID()];
  const [ana, ben, cara, mod] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const minute = (n: number) => new Date(Date.UTC(2026, 10, 29, 6, n)).toISOString();
  const feed = async (...events: PostEvent[]) => {
    const recorded = events.map((e) => h.record(postStream(e.data.postId), e));
    await h.apply(posts, recorded);
    await h.apply(reports, recorded);
  };
  const reported = (reportId: string, reporterId: string, target: string | null, n: number, reason = 'Spam', post = postId, group = groupId): PostEvent => ({
    type: 'ContentReported',
    data: { groupId: group, postId: post, commentId: target, reportId, reporterId, reason, reportedAt: minute(n) },
  });
  const created = (id: string, authorId: string, n: number, isAnonymous = false, group = groupId): PostEvent => ({
    type: 'PostCreated',
    data: { groupId: group, postId: id, authorId, title: `Post ${n}`, body: 'Cheap pills', isAnonymous, createdAt: minute(n) },
  });
  const targets = async () => (await h.rows('group_report_targets')).filter((row) => row.group_id === groupId);

  beforeAll(async () => {
    for (const [id, first] of [
      [ana, 'Ana'],
      [ben, 'Ben'],
    ]) {
      await h.em().execute(`INSERT INTO users (id, email, first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, 'Test', now(), now())`, [id, `${id}@example.com`, first]);
    }
    await feed(
      { type: 'PostCreated', data: { groupId, postId, authorId: ana, title: 'Buy now', body: 'Cheap pills', isAnonymous: false, createdAt: minute(0) } },
      { type: 'CommentAdded', data: { groupId, postId, commentId, parentCommentId: null, authorId: ben, body: 'Rude words', isAnonymous: true, createdAt: minute(1) } },
    );
  });

  const [r1, r2, r3] = [randomUUID(), randomUUID(), randomUUID()];

  it('one entry per reported target, newest first, with its count, newest reason, excerpt and author (anonymous too); replays change nothing', async () => {
    await feed(reported(r1, ben, null, 2, 'Selling'), reported(r2, cara, null, 3, 'Spam'), reported(r3, cara, commentId, 4, 'Rude'));
    const queue = await query().open(groupId);
    expect(queue).toEqual([
      { id: r3, targetType: 'comment', postId, commentId, excerpt: 'Rude words', reason: 'Rude', reportCount: 1, createdAt: minute(4), author: { id: ben, name: 'Ben Test' } },
      { id: r2, targetType: 'post', postId, commentId: null, excerpt: 'Buy now: Cheap pills', reason: 'Spam', reportCount: 2, createdAt: minute(3), author: { id: ana, name: 'Ana Test' } },
    ]);
    // What the queue reads: one row per target, its open count and newest report.
    expect((await targets()).map((row) => [row.target_id, row.open_count, row.newest_report_id, row.shown]).sort()).toEqual(
      [
        [postId, 2, r2, true],
        [commentId, 1, r3, true],
      ].sort(),
    );
    await feed(reported(r1, ben, null, 2, 'Selling'));
    expect(await query().open(groupId)).toEqual(queue);
    expect(REPORT_QUEUE_MAX).toBe(200);
    expect(await query().target(r1)).toEqual({ groupId, postId });
  });

  it('dismissed reports leave the queue; a removed comment\'s reports too; an erased reporter\'s reports go', async () => {
    await feed({ type: 'ReportsDismissed', data: { groupId, postId, commentId: null, reportIds: [r1, r2], dismissedBy: mod, dismissedAt: minute(5) } });
    expect((await query().open(groupId)).map((r) => r.id)).toEqual([r3]);
    expect((await targets()).map((row) => row.target_id)).toEqual([commentId]);
    await feed({ type: 'CommentRemoved', data: { groupId, postId, commentId, authorId: ben, removedBy: mod, reason: 'Rude', removedAt: minute(6) } });
    expect(await query().open(groupId)).toEqual([]);
    await h.apply(reports, [h.record(`user-${cara}`, { type: 'UserErased', data: { userId: cara, erasedAt: minute(7) } })]);
    expect((await h.rows('group_reports')).map((r) => r.reporter_id)).toEqual([ben]);
    expect(await targets()).toEqual([]);
  });

  it("a post deleted by its author takes its comments' reports off the queue; an erased author shows as null", async () => {
    const [r4, r5] = [randomUUID(), randomUUID()];
    await feed(created(anonymousPostId, ben, 10, true), reported(r4, ana, null, 11, 'Spam', anonymousPostId));
    expect(await query().open(groupId)).toMatchObject([{ id: r4, author: { id: ben, name: 'Ben Test' } }]);
    await h.em().execute('DELETE FROM users WHERE id = ?', [ben]); // identity's projection does this on UserErased
    await h.apply(posts, [h.record(`user-${ben}`, { type: 'UserErased', data: { userId: ben, erasedAt: minute(12) } })]);
    expect(await query().open(groupId)).toMatchObject([{ id: r4, author: null, excerpt: '' }]);
    const other = randomUUID();
    const otherComment = randomUUID();
    await feed(
      created(other, ana, 13),
      { type: 'CommentAdded', data: { groupId, postId: other, commentId: otherComment, parentCommentId: null, authorId: ana, body: 'Hmm', isAnonymous: false, createdAt: minute(14) } },
      reported(r5, cara, otherComment, 15, 'Off topic', other),
    );
    expect((await query().open(groupId)).map((r) => r.id)).toEqual([r5, r4]);
    await feed({ type: 'PostDeleted', data: { groupId, postId: other, authorId: ana, deletedAt: minute(16) } });
    expect((await query().open(groupId)).map((r) => r.id)).toEqual([r4]);
    expect((await targets()).find((row) => row.target_id === otherComment)).toMatchObject({ shown: false, open_count: 1 });
  });

  it(`at most ${REPORT_QUEUE_MAX} entries, the newest, through the queue index`, async () => {
    const busy = randomUUID();
    const ids = Array.from({ length: REPORT_QUEUE_MAX + 2 }, () => randomUUID());
    await feed(...ids.flatMap((id, n) => [created(id, ana, 20, false, busy), reported(randomUUID(), cara, null, 21 + (n % 30), 'Spam', id, busy)]));
    const queue = await query().open(busy);
    expect(queue).toHaveLength(REPORT_QUEUE_MAX);
    const times = queue.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // A table this small is cheaper read whole and sorted; what matters is that the index serves the
    // queue's order, so a large table is read only as far as the LIMIT: no Sort over the group's rows.
    await h.em().execute('ANALYZE group_report_targets');
    const plan = await h.em().transactional(async (em) => {
      await em.execute('SET LOCAL enable_seqscan = off');
      await em.execute('SET LOCAL enable_bitmapscan = off');
      return JSON.stringify(
        await em.execute(`EXPLAIN SELECT target_id FROM group_report_targets WHERE group_id = ? AND shown ORDER BY newest_at DESC, newest_report_id DESC LIMIT ?`, [busy, REPORT_QUEUE_MAX]),
      );
    });
    expect(plan).toContain('group_report_targets_queue_index');
    expect(plan).not.toContain('Sort');
  });
});
