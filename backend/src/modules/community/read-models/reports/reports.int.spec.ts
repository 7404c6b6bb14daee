import { randomUUID } from 'node:crypto';
import { projectionHarness } from '../../../../test-support/projection-harness';
import { postStream, type PostEvent } from '../../domain/post';
import { PostsProjection } from '../posts/posts.projection';
import { ReportsProjection } from './reports.projection';
import { REPORT_QUEUE_MAX, ReportsQuery } from './reports.query';

/** The report queue against real PostgreSQL: one entry per target, counts, dismissal, removal and erasure. */
describe('group report queue (PostgreSQL)', () => {
  let h: Awaited<ReturnType<typeof projectionHarness>>;
  const posts = new PostsProjection();
  const reports = new ReportsProjection();
  const query = () => new ReportsQuery(h.orm.em);
  const groupId = randomUUID();
  const [postId, commentId] = [randomUUID(), randomUUID()];
  const [ana, ben, cara, mod] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const minute = (n: number) => new Date(Date.UTC(2026, 10, 29, 6, n)).toISOString();
  const feed = async (...events: PostEvent[]) => {
    const recorded = events.map((e) => h.record(postStream(e.data.postId), e));
    await h.apply(posts, recorded);
    await h.apply(reports, recorded);
  };
  const reported = (reportId: string, reporterId: string, target: string | null, n: number, reason = 'Spam'): PostEvent => ({
    type: 'ContentReported',
    data: { groupId, postId, commentId: target, reportId, reporterId, reason, reportedAt: minute(n) },
  });

  beforeAll(async () => {
    h = await projectionHarness();
    await feed(
      { type: 'PostCreated', data: { groupId, postId, authorId: ana, title: 'Buy now', body: 'Cheap pills', isAnonymous: false, createdAt: minute(0) } },
      { type: 'CommentAdded', data: { groupId, postId, commentId, parentCommentId: null, authorId: ana, body: 'Rude words', isAnonymous: false, createdAt: minute(1) } },
    );
  });
  afterAll(() => h.close());

  const [r1, r2, r3] = [randomUUID(), randomUUID(), randomUUID()];

  it('one entry per reported target, newest first, with its count, newest reason and an excerpt; replays change nothing', async () => {
    await feed(reported(r1, ben, null, 2, 'Selling'), reported(r2, cara, null, 3, 'Spam'), reported(r3, ben, commentId, 4, 'Rude'));
    const queue = await query().open(groupId);
    expect(queue).toEqual([
      { id: r3, targetType: 'comment', postId, commentId, excerpt: 'Rude words', reason: 'Rude', reportCount: 1, createdAt: minute(4) },
      { id: r2, targetType: 'post', postId, commentId: null, excerpt: 'Buy now: Cheap pills', reason: 'Spam', reportCount: 2, createdAt: minute(3) },
    ]);
    await feed(reported(r1, ben, null, 2, 'Selling'));
    expect(await query().open(groupId)).toEqual(queue);
    expect(REPORT_QUEUE_MAX).toBe(200);
    expect(await query().target(r1)).toEqual({ groupId, postId });
  });

  it('dismissed reports leave the queue; a removed comment\'s reports too; an erased reporter\'s reports go', async () => {
    await feed({ type: 'ReportsDismissed', data: { groupId, postId, commentId: null, reportIds: [r1, r2], dismissedBy: mod, dismissedAt: minute(5) } });
    expect((await query().open(groupId)).map((r) => r.id)).toEqual([r3]);
    await feed({ type: 'CommentRemoved', data: { groupId, postId, commentId, authorId: ana, removedBy: mod, reason: 'Rude', removedAt: minute(6) } });
    expect(await query().open(groupId)).toEqual([]);
    await h.apply(reports, [h.record(`user-${ben}`, { type: 'UserErased', data: { userId: ben, erasedAt: minute(7) } })]);
    expect((await h.rows('group_reports')).map((r) => r.reporter_id)).toEqual([cara]);
  });
});
