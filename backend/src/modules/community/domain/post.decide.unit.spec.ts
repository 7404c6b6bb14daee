import { COMMUNITY_CONVERSATION_TEXT as TEXT, COMMUNITY_LIMITS } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { PostEvent } from './post';
import { postDecider, type Actor, type PostCommand } from './post.decide';
import { reactionDecider, type ReactionCommand, type ReactionEvent } from './reaction';

const spec = deciderSpec(postDecider);
const groupId = '00000000-0000-5000-8000-0000000000a1';
const postId = '20000000-0000-4000-8000-000000000001';
const [c1, c2, c3] = ['30000000-0000-4000-8000-000000000001', '30000000-0000-4000-8000-000000000002', '30000000-0000-4000-8000-000000000003'];
const [ana, ben, mod] = ['10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000003'];
const at = '2026-11-29T06:00:00.000Z';
const by = (actorId: string) => ({ actorId, correlationId: 'c-1', occurredAt: at });

const member: Actor = { isMember: true, isModerator: false, mutedUntil: null };
const moderator: Actor = { isMember: true, isModerator: true, mutedUntil: null };
const stranger: Actor = { isMember: false, isModerator: false, mutedUntil: null };
const muted: Actor = { ...member, mutedUntil: '2026-12-06T06:00:00.000Z' };

const create = (input: Partial<{ title: unknown; body: unknown; isAnonymous: unknown }> = {}, actor = member, actorId = ana): PostCommand => ({
  type: 'CreatePost',
  postId,
  groupId,
  input: { title: 'Sleep after surgery', body: 'Any tips?', ...input },
  actor,
  metadata: by(actorId),
});
const created = (over: Partial<{ title: string; body: string; isAnonymous: boolean; authorId: string }> = {}): PostEvent => ({
  type: 'PostCreated',
  data: { groupId, postId, authorId: ana, title: 'Sleep after surgery', body: 'Any tips?', isAnonymous: false, createdAt: at, ...over },
});
const comment = (commentId: string, input: Partial<{ body: unknown; parentCommentId: unknown; isAnonymous: unknown }> = {}, actor = member, actorId = ben): PostCommand => ({
  type: 'AddComment',
  postId,
  commentId,
  input: { body: 'Same here', ...input },
  actor,
  metadata: by(actorId),
});
const commented = (commentId: string, parentCommentId: string | null = null, authorId = ben): PostEvent => ({
  type: 'CommentAdded',
  data: { groupId, postId, commentId, parentCommentId, authorId, body: 'Same here', isAnonymous: false, createdAt: at },
});

describe('a group post', () => {
  describe('posting', () => {
    it('records the trimmed text, anonymous or not', () => {
      spec.given([]).when(create({ title: '  Sleep after surgery ', body: '\nAny tips?  ' })).then([created()]);
      spec.given([]).when(create({ isAnonymous: true })).then([created({ isAnonymous: true })]);
    });
    it('keeps script and HTML as the text it is', () =>
      spec.given([]).when(create({ title: '<script>alert(1)</script>', body: '<b>hi</b>' })).then([created({ title: '<script>alert(1)</script>', body: '<b>hi</b>' })]));
    it('a title of exactly titleMax characters is fine; one more is a 400 naming title', () => {
      spec.given([]).when(create({ title: 'x'.repeat(COMMUNITY_LIMITS.titleMax) })).then([created({ title: 'x'.repeat(COMMUNITY_LIMITS.titleMax) })]);
      spec.given([]).when(create({ title: 'x'.repeat(COMMUNITY_LIMITS.titleMax + 1) })).thenThrows('COMMUNITY.INVALID', TEXT.titleTooLong);
    });
    it('a body of bodyMax is fine, one more is not', () => {
      spec.given([]).when(create({ body: 'y'.repeat(COMMUNITY_LIMITS.bodyMax) })).then([created({ body: 'y'.repeat(COMMUNITY_LIMITS.bodyMax) })]);
      spec.given([]).when(create({ body: 'y'.repeat(COMMUNITY_LIMITS.bodyMax + 1) })).thenThrows('COMMUNITY.INVALID', TEXT.bodyTooLong);
    });
    it('refuses blank text, NUL, and a non-boolean isAnonymous', () => {
      spec.given([]).when(create({ title: '   ' })).thenThrows('COMMUNITY.INVALID', TEXT.titleRequired);
      spec.given([]).when(create({ body: '' })).thenThrows('COMMUNITY.INVALID', TEXT.bodyRequired);
      spec.given([]).when(create({ body: 'a\u0000b' })).thenThrows('COMMUNITY.INVALID');
      spec.given([]).when(create({ isAnonymous: 'yes' })).thenThrows('COMMUNITY.INVALID');
    });
    it('is for members only', () => spec.given([]).when(create({}, stranger)).thenThrows('COMMUNITY.FORBIDDEN', TEXT.membersOnly));
    it('a muted member reads but does not post, until the mute ends', () => {
      spec.given([]).when(create({}, muted)).thenThrows('COMMUNITY.MUTED', TEXT.mutedUntil('2026-12-06 06:00 UTC'));
      spec.given([]).when(create({}, { ...member, mutedUntil: '2026-11-29T05:59:59.000Z' })).then([created()]);
    });
    it('the same request again records nothing', () => spec.given([created()]).when(create()).then([]));
  });

  describe('comments, one level of replies', () => {
    it('a comment and a reply to it', () => {
      spec.given([created()]).when(comment(c1)).then([commented(c1)]);
      spec.given([created(), commented(c1)]).when(comment(c2, { parentCommentId: c1 })).then([commented(c2, c1)]);
    });
    it('a reply to a reply, or to a comment of nothing, is a 400 naming parentCommentId', () => {
      spec.given([created(), commented(c1), commented(c2, c1)]).when(comment(c3, { parentCommentId: c2 })).thenThrows('COMMUNITY.INVALID', TEXT.badParent);
      spec.given([created()]).when(comment(c3, { parentCommentId: c1 })).thenThrows('COMMUNITY.INVALID', TEXT.badParent);
    });
    it('at most commentsPerPost comments', () => {
      const many = Array.from({ length: COMMUNITY_LIMITS.commentsPerPost }, (_, i) => commented(`40000000-0000-4000-8000-${String(i).padStart(12, '0')}`));
      spec.given([created(), ...many]).when(comment(c1)).thenThrows('COMMUNITY.INVALID', TEXT.tooManyComments);
    });
    it('a comment of commentMax characters is fine; one more is not', () => {
      spec.given([created()]).when(comment(c1, { body: 'z'.repeat(COMMUNITY_LIMITS.commentMax) })).then([{ ...commented(c1), data: { ...commented(c1).data, body: 'z'.repeat(COMMUNITY_LIMITS.commentMax) } } as PostEvent]);
      spec.given([created()]).when(comment(c1, { body: 'z'.repeat(COMMUNITY_LIMITS.commentMax + 1) })).thenThrows('COMMUNITY.INVALID', TEXT.commentTooLong);
    });
    it('not by non-members or muted members; not on a removed post', () => {
      spec.given([created()]).when(comment(c1, {}, stranger)).thenThrows('COMMUNITY.FORBIDDEN', TEXT.membersOnly);
      spec.given([created()]).when(comment(c1, {}, muted)).thenThrows('COMMUNITY.MUTED');
      spec.given([]).when(comment(c1)).thenThrows('COMMUNITY.POST_NOT_FOUND');
      spec
        .given([created(), { type: 'PostDeleted', data: { groupId, postId, authorId: ana, deletedAt: at } }])
        .when(comment(c1))
        .thenThrows('COMMUNITY.POST_NOT_FOUND');
    });
  });

  describe('moderation', () => {
    const remove = (actorId: string, actor: Actor, reason?: unknown): PostCommand => ({ type: 'RemovePost', postId, reason, actor, metadata: by(actorId) });
    it('the author deletes their own, a reason optional', () =>
      spec.given([created()]).when(remove(ana, member)).then([{ type: 'PostDeleted', data: { groupId, postId, authorId: ana, deletedAt: at } }]));
    it('a moderator removes another\'s with a reason (trimmed)', () =>
      spec.given([created()]).when(remove(mod, moderator, ' Medical advice ')).then([
        { type: 'PostRemoved', data: { groupId, postId, authorId: ana, removedBy: mod, reason: 'Medical advice', removedAt: at } },
      ]));
    it('a moderator needs a reason (400 naming reason), of at most reasonMax characters', () => {
      spec.given([created()]).when(remove(mod, moderator)).thenThrows('COMMUNITY.INVALID', TEXT.reasonRequired);
      spec.given([created()]).when(remove(mod, moderator, 'r'.repeat(COMMUNITY_LIMITS.reasonMax + 1))).thenThrows('COMMUNITY.INVALID', TEXT.reasonTooLong);
    });
    it('a member cannot remove another\'s', () => spec.given([created()]).when(remove(ben, member, 'spam')).thenThrows('COMMUNITY.FORBIDDEN', TEXT.notYours));
    it('removing twice is not found', () =>
      spec
        .given([created(), { type: 'PostRemoved', data: { groupId, postId, authorId: ana, removedBy: mod, reason: 'x', removedAt: at } }])
        .when(remove(mod, moderator, 'again'))
        .thenThrows('COMMUNITY.POST_NOT_FOUND'));
    it('comments: the author deletes, a moderator removes with a reason, a member cannot', () => {
      const rm = (actorId: string, actor: Actor, reason?: string): PostCommand => ({ type: 'RemoveComment', postId, commentId: c1, reason, actor, metadata: by(actorId) });
      spec.given([created(), commented(c1)]).when(rm(ben, member)).then([{ type: 'CommentDeleted', data: { groupId, postId, commentId: c1, authorId: ben, deletedAt: at } }]);
      spec.given([created(), commented(c1)]).when(rm(mod, moderator, 'rude')).then([
        { type: 'CommentRemoved', data: { groupId, postId, commentId: c1, authorId: ben, removedBy: mod, reason: 'rude', removedAt: at } },
      ]);
      spec.given([created(), commented(c1)]).when(rm(ana, member, 'mine now')).thenThrows('COMMUNITY.FORBIDDEN');
    });
    it('pin and unpin by moderators; pinning twice records nothing; members cannot', () => {
      const pin = (pinned: boolean, actor = moderator): PostCommand => ({ type: 'PinPost', postId, pinned, actor, metadata: by(mod) });
      const pinned: PostEvent = { type: 'PostPinned', data: { groupId, postId, pinnedBy: mod, pinnedAt: at } };
      spec.given([created()]).when(pin(true)).then([pinned]);
      spec.given([created(), pinned]).when(pin(true)).then([]);
      spec.given([created(), pinned]).when(pin(false)).then([{ type: 'PostUnpinned', data: { groupId, postId, unpinnedBy: mod, unpinnedAt: at } }]);
      spec.given([created()]).when(pin(true, member)).thenThrows('COMMUNITY.FORBIDDEN', TEXT.moderatorsOnly);
    });
  });

  describe('reports', () => {
    const r1 = '50000000-0000-4000-8000-000000000001';
    const r2 = '50000000-0000-4000-8000-000000000002';
    const report = (reportId: string, actorId = ben, commentId: string | null = null, actor = member): PostCommand => ({
      type: 'ReportContent',
      postId,
      commentId,
      reportId,
      reason: 'Selling things',
      actor,
      metadata: by(actorId),
    });
    const reported = (reportId: string, reporterId = ben, commentId: string | null = null): PostEvent => ({
      type: 'ContentReported',
      data: { groupId, postId, commentId, reportId, reporterId, reason: 'Selling things', reportedAt: at },
    });
    it('one open report per member and target: again records nothing', () => {
      spec.given([created()]).when(report(r1)).then([reported(r1)]);
      spec.given([created(), reported(r1)]).when(report(r2)).then([]);
      spec.given([created(), commented(c1), reported(r1)]).when(report(r2, ben, c1)).then([reported(r2, ben, c1)]);
    });
    it('members only; a comment that is not there is not found', () => {
      spec.given([created()]).when(report(r1, ben, null, stranger)).thenThrows('COMMUNITY.FORBIDDEN');
      spec.given([created()]).when(report(r1, ben, c1)).thenThrows('COMMUNITY.COMMENT_NOT_FOUND');
    });
    it('a moderator dismisses every open report about the target; then the member may report again', () => {
      const dismiss: PostCommand = { type: 'DismissReports', postId, reportId: r1, actor: moderator, metadata: by(mod) };
      const dismissed: PostEvent = { type: 'ReportsDismissed', data: { groupId, postId, commentId: null, reportIds: [r1, r2], dismissedBy: mod, dismissedAt: at } };
      spec.given([created(), reported(r1), reported(r2, ana)]).when(dismiss).then([dismissed]);
      spec.given([created(), reported(r1), reported(r2, ana), dismissed]).when(dismiss).then([]);
      spec.given([created(), reported(r1), dismissed]).when(report(r2)).then([reported(r2)]);
      spec.given([created(), reported(r1)]).when({ ...dismiss, actor: member }).thenThrows('COMMUNITY.FORBIDDEN');
    });
  });
});

describe('reactions (one of each type per user and target, toggling)', () => {
  const rspec = deciderSpec(reactionDecider);
  const toggle = (reactionType: unknown, actor = member): ReactionCommand => ({ type: 'ToggleReaction', groupId, postId, commentId: null, reactionType, actor, metadata: by(ben) });
  const added = (reactionType: 'like' | 'thank_you' | 'helpful'): ReactionEvent => ({
    type: 'ReactionAdded',
    data: { groupId, postId, commentId: null, userId: ben, reactionType, reactedAt: at },
  });
  const removed = (reactionType: 'like' | 'thank_you' | 'helpful'): ReactionEvent => ({
    type: 'ReactionRemoved',
    data: { groupId, postId, commentId: null, userId: ben, reactionType, removedAt: at },
  });
  it('the first toggle adds, the second takes it back, the third adds again', () => {
    rspec.given([]).when(toggle('like')).then([added('like')]);
    rspec.given([added('like')]).when(toggle('like')).then([removed('like')]);
    rspec.given([added('like'), removed('like')]).when(toggle('like')).then([added('like')]);
  });
  it('each type is its own: a like does not take back a thank you', () => rspec.given([added('thank_you')]).when(toggle('like')).then([added('like')]));
  it('a type outside the schema is a 400 naming reactionType', () => rspec.given([]).when(toggle('love')).thenThrows('COMMUNITY.INVALID'));
  it('muted members and non-members cannot react', () => {
    rspec.given([]).when(toggle('like', muted)).thenThrows('COMMUNITY.MUTED');
    rspec.given([]).when(toggle('like', stranger)).thenThrows('COMMUNITY.FORBIDDEN');
  });
});
