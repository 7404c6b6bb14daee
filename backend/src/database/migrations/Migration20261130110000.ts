import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26 (support groups, docs/community.md): `groups`, the seven groups with their member count
 * (projected: the number of rows of group_members, so never below 0), and `group_members`, one row
 * per group and user with the member's role. Both projected from the group streams.
 */
export class Migration20261130110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE groups (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL,
        category text NOT NULL CHECK (category IN ('autism_support', 'puv_kidney_care', 'diabetes_children', 'epilepsy_neurology', 'heart_cardiology', 'caregiver_mental_health', 'general_parenting')),
        icon text NOT NULL,
        color text NOT NULL,
        rules jsonb NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        member_count integer NOT NULL DEFAULT 0 CHECK (member_count >= 0),
        created_at timestamptz NOT NULL
      );
    `);
    this.addSql(`
      CREATE TABLE group_members (
        group_id uuid NOT NULL,
        user_id uuid NOT NULL,
        role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'admin')),
        is_muted boolean NOT NULL DEFAULT false,
        joined_at timestamptz NOT NULL,
        CONSTRAINT group_members_pkey PRIMARY KEY (group_id, user_id)
      );
    `);
    this.addSql('CREATE INDEX group_members_user_id_index ON group_members (user_id);');
  }
}
