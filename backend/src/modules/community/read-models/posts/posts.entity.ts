import { EntitySchema } from '@mikro-orm/postgresql';
import type { ReactionType } from '@carecircle/libs';

/**
 * The spec's group_posts, group_comments and group_reactions (docs/community.md). Text is null once
 * removed, deleted or erased; the rows stay so threads keep their shape. Written by the posts
 * projection in SQL; these schemas describe the tables for the ORM.
 */
/** What a post and a comment row share. */
interface ContributionRow {
  id: string;
  groupId: string;
  authorId: string;
  body: string | null;
  isAnonymous: boolean;
  reactionCount: number;
  authorErased: boolean;
  removedAt: Date | null;
  removedBy: string | null;
  removalReason: string | null;
  deletedAt: Date | null;
  createdAt: Date;
}

export interface GroupPostRow extends ContributionRow {
  title: string | null;
  isPinned: boolean;
  attachmentUrl: string | null;
  attachmentType: string | null;
  commentCount: number;
}

export interface GroupCommentRow extends ContributionRow {
  postId: string;
  parentCommentId: string | null;
}

export interface GroupReactionRow {
  userId: string;
  targetId: string;
  postId: string;
  commentId: string | null;
  groupId: string;
  reactionType: ReactionType;
  createdAt: Date;
}

/** The columns a post and a comment share: who wrote what, and whether it was taken away. */
const contribution = {
  authorId: { type: 'uuid' },
  body: { type: 'text', nullable: true },
  isAnonymous: { type: 'boolean' },
  reactionCount: { type: 'integer' },
  authorErased: { type: 'boolean' },
  removedAt: { type: 'timestamptz', nullable: true },
  removedBy: { type: 'uuid', nullable: true },
  removalReason: { type: 'text', nullable: true },
  deletedAt: { type: 'timestamptz', nullable: true },
  createdAt: { type: 'timestamptz' },
} as const;

export const GroupPostEntity = new EntitySchema<GroupPostRow>({
  name: 'GroupPostEntity',
  tableName: 'group_posts',
  properties: {
    id: { type: 'uuid', primary: true },
    groupId: { type: 'uuid' },
    title: { type: 'text', nullable: true },
    isPinned: { type: 'boolean' },
    attachmentUrl: { type: 'text', nullable: true },
    attachmentType: { type: 'text', nullable: true },
    commentCount: { type: 'integer' },
    ...contribution,
  },
});

export const GroupCommentEntity = new EntitySchema<GroupCommentRow>({
  name: 'GroupCommentEntity',
  tableName: 'group_comments',
  properties: {
    id: { type: 'uuid', primary: true },
    postId: { type: 'uuid' },
    groupId: { type: 'uuid' },
    parentCommentId: { type: 'uuid', nullable: true },
    ...contribution,
  },
});

export const GroupReactionEntity = new EntitySchema<GroupReactionRow>({
  name: 'GroupReactionEntity',
  tableName: 'group_reactions',
  properties: {
    userId: { type: 'uuid', primary: true },
    targetId: { type: 'uuid', primary: true },
    reactionType: { type: 'text', primary: true },
    postId: { type: 'uuid' },
    commentId: { type: 'uuid', nullable: true },
    groupId: { type: 'uuid' },
    createdAt: { type: 'timestamptz' },
  },
});
