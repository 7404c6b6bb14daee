import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { PlannedJob, ReminderJobData } from '../domain/reminder-plan';

/** The Bull queue that held these jobs before issue 22; still drained at start (LegacyReminderJobs). */
export const REMINDERS_QUEUE = 'reminders';
/** Announces, after the commit, the earliest time (ms) of jobs just added, so sleeping workers wake for it. */
export const REMINDER_JOBS_CHANNEL = 'reminder_jobs';

/** Attempts of a job whose task the read model does not show yet (its transaction is still committing), 1 s apart. */
const ATTEMPTS = 4;
const RETRY_MS = 1000;

/** A job claimed by a worker: it runs it, then finishes it under the same claim. */
export interface ClaimedJob {
  id: string;
  data: ReminderJobData;
  /** How many times it has been claimed, this claim included (a claim whose worker died counts too). */
  attempts: number;
}

/** A task's jobs as planned now (an empty list cancels them). */
export interface TaskPlan {
  taskId: string;
  jobs: PlannedJob[];
}

/**
 * The reminder jobs (reminders, escalation steps, refill pushes) in PostgreSQL's `reminder_jobs`,
 * claimed by the workers in batches. Ids are deterministic (reminder-plan.ts): adding a job twice keeps
 * one, and a task's jobs are found again to move or cancel them.
 *
 * A claim is one statement for a whole batch of due jobs: it takes them `FOR UPDATE SKIP LOCKED` (two
 * workers never take the same row, nor wait for each other) and moves their `due_at` to the end of a
 * lease. A worker finishes a job (removes it, or puts it back for a retry) only while its claim holds
 * it; a worker killed mid-batch leaves its jobs to be claimed again when the lease ends, and the task's
 * decider refuses what was already recorded, so nothing is lost and nothing is sent twice.
 */
@Injectable()
export class ReminderJobs {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) readonly config: AppConfig,
  ) {}

  /**
   * In one transaction: each planned task's jobs become exactly its plan (a job unchanged stays as it
   * is, even while claimed; an escalation chain under way for the same time keeps its later steps: a
   * worker queued them, and an edit must not end the chain), `added` are added unless known, and
   * `alsoIn` runs (the sync removes its outbox entries there). Workers are told after the commit.
   */
  async write({ plans = [], added = [] }: { plans?: TaskPlan[]; added?: PlannedJob[] }, alsoIn?: (em: EntityManager) => Promise<void>): Promise<void> {
    const inserted = [...plans.flatMap((plan) => plan.jobs), ...added];
    await this.em.fork().transactional(async (em) => {
      if (plans.length > 0) {
        const tasks = plans.map(({ taskId, jobs }) => ({ task_id: taskId, chain: jobs.map((job) => job.data).find((data) => data.kind === 'escalation')?.scheduledTime ?? null }));
        const kept = plans.flatMap(({ jobs }) => jobs.map(({ id, data }) => ({ id, data })));
        // Rows locked in id order, as finish() locks them: the two never deadlock.
        await em.execute(
          `DELETE FROM reminder_jobs WHERE id IN (
             SELECT j.id FROM reminder_jobs j JOIN jsonb_to_recordset(?::jsonb) AS t(task_id uuid, chain text) ON j.task_id = t.task_id
              WHERE NOT (j.kind = 'escalation' AND j.data->>'scheduledTime' IS NOT DISTINCT FROM t.chain)
                AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(?::jsonb) AS k(id text, data jsonb) WHERE k.id = j.id AND k.data = j.data)
              ORDER BY j.id FOR UPDATE OF j)`,
          [JSON.stringify(tasks), JSON.stringify(kept)],
        );
      }
      await this.insert(em, inserted);
      if (alsoIn) await alsoIn(em);
    });
  }

  /** Adds jobs, keeping a known id's job as it is (the next escalation step, a job drained from Bull). */
  add(jobs: PlannedJob[]): Promise<void> {
    return this.write({ added: jobs });
  }

  private async insert(em: EntityManager, jobs: PlannedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    const rows = [...jobs].sort((a, b) => (a.id < b.id ? -1 : 1)).map(({ id, data }) => ({ id, data }));
    await em.execute(
      `INSERT INTO reminder_jobs (id, task_id, kind, data, due_at)
       SELECT j.id, (j.data->>'taskId')::uuid, j.data->>'kind', j.data, to_timestamp((j.data->>'fireAt')::float8 / 1000)
         FROM jsonb_to_recordset(?::jsonb) AS j(id text, data jsonb)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
    const earliest = Math.min(...jobs.map((job) => job.data.fireAt));
    await em.execute('SELECT pg_notify(?, ?)', [REMINDER_JOBS_CHANNEL, String(earliest)]);
  }

  /**
   * Claims up to `limit` jobs due at `now` (ms), oldest first, for `leaseMs`: one statement. Answers
   * the claim (what finish() needs) and the jobs.
   */
  async claim(limit: number, now: number, leaseMs: number): Promise<{ claim: string; jobs: ClaimedJob[] }> {
    const claim = randomUUID();
    const jobs: ClaimedJob[] = await this.em.fork().execute(
      `UPDATE reminder_jobs j SET claim = ?, attempts = j.attempts + 1, due_at = ?
         FROM (SELECT id FROM reminder_jobs WHERE due_at <= ? ORDER BY due_at LIMIT ? FOR UPDATE SKIP LOCKED) due
        WHERE j.id = due.id
        RETURNING j.id, j.data, j.attempts`,
      [claim, new Date(now + leaseMs), new Date(now), limit],
    );
    return { claim, jobs };
  }

  /**
   * A claim's jobs after their run: `done` are removed; `failed` are claimed again RETRY_MS after `now`
   * while they have attempts left, removed after that (answers those given up). Rows another claim or
   * a replan took meanwhile are left alone.
   */
  async finish(claim: string, done: string[], failed: string[], now: number): Promise<string[]> {
    const em = this.em.fork();
    let givenUp: string[] = [];
    if (failed.length > 0) {
      const rows: { id: string }[] = await em.execute(
        `WITH held AS (SELECT id, attempts FROM reminder_jobs WHERE claim = ? AND id IN (SELECT jsonb_array_elements_text(?::jsonb)) ORDER BY id FOR UPDATE),
              retried AS (UPDATE reminder_jobs j SET claim = NULL, due_at = ? FROM held WHERE j.id = held.id AND held.attempts < ? RETURNING j.id)
         SELECT id FROM held WHERE attempts >= ?`,
        [claim, JSON.stringify(failed), new Date(now + RETRY_MS), ATTEMPTS, ATTEMPTS],
      );
      givenUp = rows.map((row) => row.id);
    }
    const removed = [...done, ...givenUp];
    if (removed.length > 0) {
      await em.execute('DELETE FROM reminder_jobs WHERE id IN (SELECT id FROM reminder_jobs WHERE claim = ? AND id IN (SELECT jsonb_array_elements_text(?::jsonb)) ORDER BY id FOR UPDATE)', [claim, JSON.stringify(removed)]);
    }
    return givenUp;
  }

  /** When the next job may be claimed (ms; a claimed one when its lease ends), or null when there is none. */
  async nextDue(): Promise<number | null> {
    const [row]: { at: number | null }[] = await this.em.fork().execute('SELECT (extract(epoch FROM min(due_at)) * 1000)::float8 AS at FROM reminder_jobs');
    return row.at;
  }

  /** A job as stored (tests, the docs' examples): its data, when it may be claimed, whether a claim holds it. */
  async byId(id: string): Promise<{ data: ReminderJobData; dueAt: number; claimed: boolean } | null> {
    const rows: { data: ReminderJobData; due_at: Date; claim: string | null }[] = await this.em.fork().execute('SELECT data, due_at, claim FROM reminder_jobs WHERE id = ?', [id]);
    return rows.length === 0 ? null : { data: rows[0].data, dueAt: new Date(rows[0].due_at).getTime(), claimed: rows[0].claim !== null };
  }

  /** The ids of the jobs of these tasks (tests). */
  async idsOf(taskIds: string[]): Promise<string[]> {
    if (taskIds.length === 0) return [];
    const rows: { id: string }[] = await this.em.fork().execute('SELECT id FROM reminder_jobs WHERE task_id IN (SELECT jsonb_array_elements_text(?::jsonb)::uuid) ORDER BY id', [JSON.stringify(taskIds)]);
    return rows.map((row) => row.id);
  }

  /** Removes a job (tests that run a job themselves). */
  async remove(id: string): Promise<void> {
    await this.em.fork().execute('DELETE FROM reminder_jobs WHERE id = ?', [id]);
  }
}
