import { Migration } from '@mikro-orm/migrations';

/**
 * The Care Hub's read models (docs/care-hub.md): a family's emergency contacts (the spec's
 * `emergency_contacts`, whose `userId` is the family: its primary caregiver's user id), and each
 * recipient's doctors and family-support people. Phone numbers are stored in E.164.
 */
export class Migration20261125000100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE emergency_contacts (
        id uuid PRIMARY KEY,
        family_id uuid NOT NULL,
        name text NOT NULL,
        phone_number text NOT NULL,
        relationship text,
        contact_type text NOT NULL DEFAULT 'family',
        is_primary boolean NOT NULL DEFAULT false,
        notes text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX emergency_contacts_family_id_index ON emergency_contacts (family_id);

      CREATE TABLE doctors (
        id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        name text NOT NULL,
        specialty text NOT NULL DEFAULT 'pediatrician',
        phone_number text,
        email text,
        address text,
        notes text,
        is_primary boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX doctors_child_id_index ON doctors (child_id);

      CREATE TABLE family_support (
        id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        name text NOT NULL,
        role text NOT NULL DEFAULT 'school_nurse',
        organization text,
        phone_number text,
        email text,
        notes text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX family_support_child_id_index ON family_support (child_id);
    `);
  }
}
