import { Migration } from '@mikro-orm/migrations';

/**
 * Achievement notifications (docs/notifications.md): the achievements a worker has told the family
 * about, so each is told once however many workers see it (the first to insert its id sends).
 */
export class Migration20261127007000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE achievement_alerts (achievement_id uuid PRIMARY KEY, alerted_at timestamptz NOT NULL);`);
  }
}
