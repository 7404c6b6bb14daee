import { Migration } from '@mikro-orm/migrations';

/** Read models of identity and care recipients, sessions, secrets and projection checkpoints. */
export class Migration20261121000001 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        position numeric(40, 0) NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE app_secrets (
        name text PRIMARY KEY,
        value text NOT NULL
      );
      CREATE TABLE sessions (
        sid varchar NOT NULL PRIMARY KEY,
        sess json NOT NULL,
        expire timestamp(6) NOT NULL
      );
      CREATE INDEX sessions_expire_index ON sessions (expire);

      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE,
        first_name text,
        last_name text,
        profile_image_url text,
        role text NOT NULL DEFAULT 'parent',
        timezone varchar(50) NOT NULL DEFAULT 'America/Los_Angeles',
        stripe_customer_id text,
        stripe_subscription_id text,
        subscription_plan text,
        subscription_active boolean NOT NULL DEFAULT false,
        primary_user_id uuid,
        has_web_authn boolean NOT NULL DEFAULT false,
        enable_prayer_tasks boolean NOT NULL DEFAULT false,
        prayer_calculation_method integer NOT NULL DEFAULT 2,
        latitude numeric(10, 8),
        longitude numeric(11, 8),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE user_credentials (
        user_id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE,
        password_hash text NOT NULL
      );

      CREATE TABLE children (
        id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        name text NOT NULL,
        date_of_birth date,
        profile_image_url text,
        medical_notes text,
        notes text,
        gender text,
        phone text,
        email text,
        primary_caregiver_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX children_primary_caregiver_id_index ON children (primary_caregiver_id);
      CREATE TABLE child_access (
        user_id uuid NOT NULL,
        child_id uuid NOT NULL,
        can_edit boolean NOT NULL DEFAULT false,
        PRIMARY KEY (user_id, child_id)
      );
      CREATE INDEX child_access_child_id_index ON child_access (child_id);
      CREATE TABLE medications (
        id uuid PRIMARY KEY,
        child_id uuid NOT NULL,
        name text NOT NULL,
        dosage text NOT NULL,
        instructions text,
        photo_url text,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX medications_child_id_index ON medications (child_id);
    `);
  }
}
