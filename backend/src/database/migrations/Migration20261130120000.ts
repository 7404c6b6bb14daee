import { Migration } from '@mikro-orm/migrations';

/** The columns a post and a comment share: the author's erasure, a moderator's removal, deletion, creation. */
const MODERATED_COLUMNS = `author_erased boolean NOT NULL DEFAULT false,
        removed_at timestamptz,
        removed_by uuid,
        removal_reason text,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL`;

/**
 * Issue 26, conversations (docs/community.md): mutes, posts, comments, reactions and reports of the
 * support groups, projected from the group and post streams.
 * - group_mutes: kept apart from group_members so leaving and joining again does not lift a mute.
 * - group_posts / group_comments: text NULL once removed, deleted or erased (the row keeps the
 *   thread's shape); the page index follows the list's order (pinned first, then newest).
 * - group_reactions: the spec's unique triple (user, target, type) as the primary key.
 * - group_reports: at most one open report per reporter and target (a partial unique index).
 */
export class Migration20261130120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE group_mutes (
        group_id uuid NOT NULL,
        user_id uuid NOT NULL,
        muted_until timestamptz NOT NULL,
        muted_by uuid NOT NULL,
        CONSTRAINT group_mutes_pkey PRIMARY KEY (group_id, user_id)
      );
    `);
    this.addSql('CREATE INDEX group_mutes_user_id_index ON group_mutes (user_id);');
    this.addSql(`
      CREATE TABLE group_posts (
        id uuid PRIMARY KEY,
        group_id uuid NOT NULL,
        author_id uuid NOT NULL,
        title text,
        body text,
        is_anonymous boolean NOT NULL,
        is_pinned boolean NOT NULL DEFAULT false,
        attachment_url text,
        attachment_type text,
        reaction_count integer NOT NULL DEFAULT 0 CHECK (reaction_count >= 0),
        comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
        ${MODERATED_COLUMNS}
      );
    `);
    this.addSql('CREATE INDEX group_posts_page_index ON group_posts (group_id, is_pinned DESC, created_at DESC, id DESC) WHERE deleted_at IS NULL;');
    this.addSql('CREATE INDEX group_posts_author_id_index ON group_posts (author_id);');
    this.addSql(`
      CREATE TABLE group_comments (
        id uuid PRIMARY KEY,
        post_id uuid NOT NULL,
        group_id uuid NOT NULL,
        author_id uuid NOT NULL,
        parent_comment_id uuid,
        body text,
        is_anonymous boolean NOT NULL,
        reaction_count integer NOT NULL DEFAULT 0 CHECK (reaction_count >= 0),
        ${MODERATED_COLUMNS}
      );
    `);
    this.addSql('CREATE INDEX group_comments_post_index ON group_comments (post_id, created_at, id);');
    this.addSql('CREATE INDEX group_comments_author_id_index ON group_comments (author_id);');
    this.addSql(`
      CREATE TABLE group_reactions (
        user_id uuid NOT NULL,
        target_id uuid NOT NULL,
        post_id uuid NOT NULL,
        comment_id uuid,
        group_id uuid NOT NULL,
        reaction_type text NOT NULL CHECK (reaction_type IN ('like', 'thank_you', 'helpful')),
        created_at timestamptz NOT NULL,
        CONSTRAINT group_reactions_pkey PRIMARY KEY (user_id, target_id, reaction_type)
      );
    `);
    this.addSql('CREATE INDEX group_reactions_target_index ON group_reactions (target_id, reaction_type);');
    this.addSql(`
      CREATE TABLE group_reports (
        id uuid PRIMARY KEY,
        group_id uuid NOT NULL,
        post_id uuid NOT NULL,
        comment_id uuid,
        target_id uuid NOT NULL,
        reporter_id uuid NOT NULL,
        reason text,
        created_at timestamptz NOT NULL,
        dismissed_at timestamptz
      );
    `);
    this.addSql('CREATE UNIQUE INDEX group_reports_open_unique ON group_reports (reporter_id, target_id) WHERE dismissed_at IS NULL;');
    this.addSql('CREATE INDEX group_reports_open_index ON group_reports (group_id, created_at DESC) WHERE dismissed_at IS NULL;');
    this.addSql('CREATE INDEX group_reports_reporter_index ON group_reports (reporter_id);');
  }
}
