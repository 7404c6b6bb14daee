import { Migration } from '@mikro-orm/migrations';

/**
 * Caregiver invitations (modules/care-team, docs/care-team.md): the spec's caregiver_invitations
 * table, with the link's SHA-256 (`token_hash`, unique: what an accept looks up) instead of the token.
 * Status is at most 20 characters (spec document 3): pending, accepted or revoked as recorded.
 */
export class Migration20261125001100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE caregiver_invitations (
        id uuid PRIMARY KEY,
        primary_user_id uuid NOT NULL,
        invitee_email text NOT NULL,
        invitee_name text,
        child_ids uuid[] NOT NULL,
        can_edit boolean NOT NULL DEFAULT false,
        token_hash text NOT NULL UNIQUE,
        status varchar(20) NOT NULL DEFAULT 'pending',
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by uuid,
        revoked_at timestamptz
      );
      CREATE INDEX caregiver_invitations_primary_user_id_index ON caregiver_invitations (primary_user_id, created_at DESC);
      CREATE INDEX caregiver_invitations_accepted_by_index ON caregiver_invitations (accepted_by);
    `);
  }
}
