import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReminderJobData } from '../../domain/reminder-plan';

/**
 * What Bull must change, recorded by the reminder scheduler in its own transaction and applied by
 * ReminderSync after the commit. `job` null: plan that task's jobs again from `reminder_tasks` (no row:
 * cancel them); otherwise a job to add as it is (a refill push), under the entry's id. Recording an id
 * again replaces the entry and gives it a new version, so a sync that read the older one leaves the
 * newer one in place.
 */
export interface OutboxEntry {
  id: string;
  job: ReminderJobData | null;
  version: string;
}

export async function recordInOutbox(em: EntityManager, id: string, job: ReminderJobData | null): Promise<void> {
  await em.execute(
    `INSERT INTO reminder_outbox (id, job) VALUES (?, ?)
     ON CONFLICT (id) DO UPDATE SET job = excluded.job, version = excluded.version`,
    [id, job === null ? null : JSON.stringify(job)],
  );
}

/** recordInOutbox(em, id, null) for many tasks in one statement (a rebuild's batch). */
export async function recordReplansInOutbox(em: EntityManager, ids: Iterable<string>): Promise<void> {
  const list = [...ids];
  if (list.length === 0) return;
  await em.execute(
    `INSERT INTO reminder_outbox (id, job) SELECT id, NULL FROM jsonb_array_elements_text(?::jsonb) AS ids(id)
     ON CONFLICT (id) DO UPDATE SET job = excluded.job, version = excluded.version`,
    [JSON.stringify(list)],
  );
}

export async function pendingInOutbox(em: EntityManager, limit: number): Promise<OutboxEntry[]> {
  const rows: { id: string; job: ReminderJobData | null; version: string }[] = await em.execute(
    'SELECT id, job, version::text AS version FROM reminder_outbox ORDER BY version LIMIT ?',
    [limit],
  );
  return rows;
}

/**
 * Removes the entries as they were read, in one statement; a newer version recorded meanwhile stays.
 * It never waits: an entry the scheduler's open transaction is recording again (so about to get a newer
 * version) is skipped. Waiting for it would deadlock with a scheduler transaction that records several
 * entries in another order, and PostgreSQL breaks a deadlock only after deadlock_timeout (1 s), all the
 * while holding back every reader of the store (docs/event-store.md).
 */
export async function removeFromOutbox(em: EntityManager, entries: OutboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await em.execute(
    `DELETE FROM reminder_outbox WHERE id IN (
       SELECT o.id FROM reminder_outbox o JOIN jsonb_to_recordset(?::jsonb) AS e(id text, version bigint) ON o.id = e.id AND o.version = e.version
       FOR UPDATE OF o SKIP LOCKED)`,
    [JSON.stringify(entries.map(({ id, version }) => ({ id, version })))],
  );
}
