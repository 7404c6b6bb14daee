import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24 (prayer tasks): when a user last turned prayer tasks on. The prayer tasks of that period
 * take their ids from it, so turning them off and on again makes new ones (docs/prayer-tasks.md).
 */
export class Migration20261128100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE users ADD COLUMN prayer_tasks_since timestamptz NULL;');
    this.addSql('CREATE INDEX users_prayer_tasks_idx ON users (id) WHERE enable_prayer_tasks;');
  }
}
