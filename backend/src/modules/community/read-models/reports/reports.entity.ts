import { EntitySchema } from '@mikro-orm/postgresql';

/** One report by one member about one post or comment; open until a moderator dismisses it. */
export interface GroupReportRow {
  id: string;
  groupId: string;
  postId: string;
  commentId: string | null;
  targetId: string;
  reporterId: string;
  reason: string | null;
  createdAt: Date;
  dismissedAt: Date | null;
}

export const GroupReportEntity = new EntitySchema<GroupReportRow>({
  name: 'GroupReportEntity',
  tableName: 'group_reports',
  properties: {
    id: { type: 'uuid', primary: true },
    groupId: { type: 'uuid' },
    postId: { type: 'uuid' },
    commentId: { type: 'uuid', nullable: true },
    targetId: { type: 'uuid' },
    reporterId: { type: 'uuid', index: true },
    reason: { type: 'text', nullable: true },
    createdAt: { type: 'timestamptz' },
    dismissedAt: { type: 'timestamptz', nullable: true },
  },
});

/**
 * One row per reported post or comment with open reports: how many, the newest (its reason stays
 * in group_reports), and whether it is still shown. The queue reads these, newest first.
 */
export interface GroupReportTargetRow {
  targetId: string;
  groupId: string;
  postId: string;
  commentId: string | null;
  openCount: number;
  newestReportId: string;
  newestAt: Date;
  shown: boolean;
}

export const GroupReportTargetEntity = new EntitySchema<GroupReportTargetRow>({
  name: 'GroupReportTargetEntity',
  tableName: 'group_report_targets',
  properties: {
    targetId: { type: 'uuid', primary: true },
    groupId: { type: 'uuid' },
    postId: { type: 'uuid' },
    commentId: { type: 'uuid', nullable: true },
    openCount: { type: 'integer' },
    newestReportId: { type: 'uuid' },
    newestAt: { type: 'timestamptz' },
    shown: { type: 'boolean' },
  },
});
