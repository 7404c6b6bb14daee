/**
 * Community contracts (spec document 3, Support Groups): the seven groups, one per group_category,
 * created at first start (backend modules/community), and the texts both sides show. Icons are
 * names the front end maps to its icon set; colours are the card's accent.
 */
import { GROUP_CATEGORIES } from './schema';

export type GroupCategory = (typeof GROUP_CATEGORIES)[number];
export const GROUP_MEMBER_ROLES = ['member', 'moderator', 'admin'] as const;
export type GroupMemberRole = (typeof GROUP_MEMBER_ROLES)[number];

export type GroupIcon = 'puzzle' | 'kidney' | 'drop' | 'brain' | 'heart' | 'mind' | 'family';

/** What a group is: recorded when it is created (GroupCreated) and shown on its card. */
export interface GroupDetails {
  name: string;
  description: string;
  category: GroupCategory;
  icon: string;
  color: string;
  rules: string[];
}

/** One of the groups every server starts with. */
export interface GroupDefinition extends GroupDetails {
  icon: GroupIcon;
}

export const GROUP_CATEGORY_LABELS: Record<GroupCategory, string> = {
  autism_support: 'Autism Support',
  puv_kidney_care: 'PUV & Kidney Care',
  diabetes_children: 'Diabetes (Children)',
  epilepsy_neurology: 'Epilepsy & Neurology',
  heart_cardiology: 'Heart & Cardiology',
  caregiver_mental_health: 'Caregiver Mental Health',
  general_parenting: 'General Parenting',
};

/** Every group keeps these; each adds its own. Families share experience here, not medical advice. */
const COMMON_RULES = [
  'Be kind: everyone here is caring for someone.',
  'Share experience, not medical advice: talk to your care team before changing any treatment.',
  "Keep others' stories private: what is shared here stays here.",
];

/** The seven groups, in the order the screen lists them. */
export const GROUP_DEFINITIONS: readonly GroupDefinition[] = [
  {
    category: 'autism_support',
    name: 'Autism Support',
    description: 'For families of autistic children and adults: routines, sensory needs, school and therapy, and the everyday wins.',
    icon: 'puzzle',
    color: '#7c3aed',
    rules: [...COMMON_RULES, 'Respect different views on therapies and language; no one approach fits every family.'],
  },
  {
    category: 'puv_kidney_care',
    name: 'PUV & Kidney Care',
    description: 'For families living with posterior urethral valves and kidney conditions: catheters, dialysis, clinic visits and transplants.',
    icon: 'kidney',
    color: '#0891b2',
    rules: [...COMMON_RULES, 'Lab results differ from child to child; compare with care.'],
  },
  {
    category: 'diabetes_children',
    name: 'Diabetes in Children',
    description: 'For parents of children with type 1 or type 2 diabetes: glucose checks, insulin at school, meals and nights.',
    icon: 'drop',
    color: '#dc2626',
    rules: [...COMMON_RULES, 'Never share dosing numbers as advice for another child.'],
  },
  {
    category: 'epilepsy_neurology',
    name: 'Epilepsy & Neurology',
    description: 'For families caring for someone with epilepsy or another neurological condition: seizures, medications and daily safety.',
    icon: 'brain',
    color: '#2563eb',
    rules: [...COMMON_RULES, 'In an emergency, call your local emergency number first.'],
  },
  {
    category: 'heart_cardiology',
    name: 'Heart & Cardiology',
    description: 'For families of children and adults with heart conditions: surgeries, check-ups, feeding and recovery.',
    icon: 'heart',
    color: '#e11d48',
    rules: [...COMMON_RULES, 'Be gentle when sharing outcomes; other families may be waiting for surgery.'],
  },
  {
    category: 'caregiver_mental_health',
    name: 'Caregiver Mental Health',
    description: 'For the people doing the caring: stress, burnout, grief and finding moments for yourself.',
    icon: 'mind',
    color: '#16a34a',
    rules: [...COMMON_RULES, 'If you are in crisis, contact a crisis line or emergency services: this group is peer support, not a service.'],
  },
  {
    category: 'general_parenting',
    name: 'General Parenting',
    description: 'For every family: siblings, schools, work, benefits and the questions that fit nowhere else.',
    icon: 'family',
    color: '#ea580c',
    rules: [...COMMON_RULES, 'No selling or advertising.'],
  },
];

/** A support group as GET /api/groups and GET /api/user/groups answer it. */
export interface SupportGroup extends GroupDetails {
  id: string;
  memberCount: number;
  isMember: boolean;
}

export const COMMUNITY_TEXT = {
  groupNotFound: 'Group not found.',
  notAMember: 'You are not a member of this group.',
  joined: { title: 'Successfully joined group', description: 'You can now participate in discussions and share experiences.' },
  left: { title: 'Left group', description: 'You have been removed from the group.' },
  joinFailed: 'Failed to join group',
  leaveFailed: 'Failed to leave group',
} as const;

/* ---- Conversations (issue 26, second part): /work/community-contract.md ---- */

/** The spec's reaction_type. */
export const REACTION_TYPES = ['like', 'thank_you', 'helpful'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

export const COMMUNITY_LIMITS = {
  titleMax: 200,
  bodyMax: 10_000,
  commentMax: 5_000,
  reasonMax: 500,
  pageSize: 20,
  commentsPerPost: 1_000,
  /** Per user, all groups; one past it: 429 with COMMUNITY_TEXT.rateLimited. */
  postsPerHour: 10,
  commentsPerHour: 60,
  muteMaxDays: 365,
} as const;

export type GroupRole = GroupMemberRole;

/**
 * Who took a post or comment away: its author (deleted it) or a moderator (removed it with a
 * reason); null while it is shown. Sent to everyone: it names nobody.
 */
export type RemovedBy = 'author' | 'moderator';

export interface ReactionSummary {
  counts: Record<ReactionType, number>;
  mine: ReactionType[];
}

/** What a post and a comment share: who wrote it as this viewer may know, whether it was taken away, its reactions. */
export interface ContributionView {
  id: string;
  /** '' when removed (for those who may not see removed text; a comment keeps its place in the thread), or erased. */
  body: string;
  isAnonymous: boolean;
  /** null: anonymous (to everyone but the author and moderators) or a deleted account. */
  author: { id: string; name: string } | null;
  /** What to print: the name, 'Anonymous' or 'Deleted account'. */
  authorName: string;
  isMine: boolean;
  removed: boolean;
  /** Everyone: who took it away (RemovedBy), null while shown. */
  removedBy: RemovedBy | null;
  /** Shown to the author and moderators only. */
  removalReason: string | null;
  /** Moderators only (null for everyone else): the author is muted in this group until then. */
  authorMutedUntil: string | null;
  reactions: ReactionSummary;
  /** ISO 8601. */
  createdAt: string;
}

export interface PostView extends ContributionView {
  groupId: string;
  /** '' when the body is. */
  title: string;
  isPinned: boolean;
  commentCount: number;
}

export interface CommentView extends ContributionView {
  postId: string;
  parentCommentId: string | null;
  /** One level: a reply has replies: []. */
  replies: CommentView[];
}

/** Comments oldest first, replies nested. */
export interface PostDetail extends PostView {
  comments: CommentView[];
}

/** GET /api/groups/{id}. */
export interface GroupDetail {
  id: string;
  name: string;
  description: string;
  category: string;
  icon: string;
  color: string;
  rules: string[];
  memberCount: number;
  isMember: boolean;
  myRole: GroupRole | null;
  mutedUntil: string | null;
  canModerate: boolean;
}

export interface ReportView {
  id: string;
  targetType: 'post' | 'comment';
  postId: string;
  commentId: string | null;
  excerpt: string;
  reason: string;
  reportCount: number;
  createdAt: string;
  /** Who wrote the reported text (moderators see anonymous authors too); null: a deleted account. */
  author: { id: string; name: string } | null;
}

export interface PostPage {
  items: PostView[];
  next: string | null;
}

export interface ReactionToggleResult {
  reacted: boolean;
  reactions: ReactionSummary;
}

export const COMMUNITY_CONVERSATION_TEXT = {
  membersOnly: 'You must join this group to see its posts.',
  mutedUntil: (until: string) => `You are muted in this group until ${until}.`,
  rateLimited: 'You are posting too fast. Please wait a few minutes and try again.',
  anonymous: 'Anonymous',
  deletedAccount: 'Deleted account',
  postNotFound: 'Post not found.',
  commentNotFound: 'Comment not found.',
  reportNotFound: 'Report not found.',
  memberNotFound: 'That person is not a member of this group.',
  moderatorsOnly: 'Only the moderators of this group can do that.',
  adminsOnly: 'Only an administrator of this group can change roles.',
  cannotMuteModerator: 'Moderators and administrators cannot be muted.',
  notYours: 'You can only delete your own posts and comments.',
  titleRequired: 'Please give your post a title.',
  titleTooLong: `A title has at most ${COMMUNITY_LIMITS.titleMax} characters.`,
  bodyRequired: 'Please write something.',
  bodyTooLong: `A post has at most ${COMMUNITY_LIMITS.bodyMax} characters.`,
  commentTooLong: `A comment has at most ${COMMUNITY_LIMITS.commentMax} characters.`,
  reasonRequired: 'Please give a reason.',
  reasonTooLong: `A reason has at most ${COMMUNITY_LIMITS.reasonMax} characters.`,
  tooManyComments: `A post has at most ${COMMUNITY_LIMITS.commentsPerPost} comments.`,
  badParent: 'parentCommentId must be a top-level comment of this post.',
  muteInPast: 'until must be in the future.',
  muteTooLong: `A mute lasts at most ${COMMUNITY_LIMITS.muteMaxDays} days.`,
  oneTarget: 'Give exactly one of postId and commentId.',
} as const;
