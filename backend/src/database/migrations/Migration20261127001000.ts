import { Migration } from '@mikro-orm/migrations';

/**
 * Web push (issue 12; docs/notifications.md, Push): the active subscriptions of each user, read by
 * the sender. The VAPID keys, when generated, live in `app_secrets` (name 'vapid_keys').
 */
export class Migration20261127001000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE push_subscriptions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        endpoint text NOT NULL,
        p256dh text NOT NULL,
        auth text NOT NULL,
        expiration_time timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX push_subscriptions_user_id_index ON push_subscriptions (user_id);
    `);
  }
}
