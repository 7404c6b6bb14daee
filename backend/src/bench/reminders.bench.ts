import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { Pool } from 'pg';
import request from 'supertest';
import { instantToLocal, MEDICATION_REMINDER_LEAD_MINUTES } from '@carecircle/libs';
import { createApp } from '../app';
import { loadConfig } from '../config/app-config';
import { migrate } from '../database/migrate';
import { PG_POOL } from '../platform/database/database.tokens';
import { EVENT_STORE, type EventStore } from '../platform/event-store/event-store';
import { createTestDatabase } from '../test-support/database';
import { deleteRedisKeys } from '../test-support/redis-keys';
import { profileThisProcess } from './http-bench';
import type { BenchReport } from './report';

const SPREAD = Number(process.env.BENCH_REMINDERS ?? 10_000);
const BURST = Number(process.env.BENCH_REMINDERS_BURST ?? 5_000);
/** A minute of reminder time lasts one second here, so the 15-minute lead is 15 s. */
const MINUTE_MS = 1000;
const ZONE = 'America/Los_Angeles';
const SEED_WRITERS = 8;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

/**
 * Reminder lateness (recorded minus due) through the whole path: TaskScheduled events, the
 * scheduler projection and its outbox writing `reminder_jobs`, one worker process claiming due jobs
 * in batches and recording TaskReminderSent on each task's stream. First SPREAD reminders due within one minute,
 * then BURST due at the same instant (how many per second one worker sustains).
 */
export async function remindersBenchmark(): Promise<BenchReport> {
  const database = await createTestDatabase('cc_bench_reminders');
  const config = loadConfig(
    { LOG_LEVEL: 'error', QUEUE_PREFIX: `cc-bench-${randomUUID()}`, DATABASE_URL: database.url, REMINDER_MINUTE_MS: String(MINUTE_MS) },
    { frontendDist: '/nonexistent' },
  );
  await migrate(database.url);
  const app = await createApp(config, database.url);
  await app.init();
  try {
    const agent = request.agent(app.getHttpServer());
    await agent.post('/api/auth/register').send({ email: `bench-${randomUUID()}@example.com`, password: 'correct horse battery', firstName: 'Bench', lastName: 'Parent' }).expect(201);
    const childId = (await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Bench' }).expect(201)).body.id as string;
    const store = app.get<EventStore>(EVENT_STORE);
    const pool = app.get<Pool>(PG_POOL);

    /** Appends `count` medication tasks whose reminders fire at `fireAt(i)`; answers their ids. */
    async function seed(count: number, fireAt: (i: number) => number): Promise<string[]> {
      const ids: string[] = [];
      const one = async (i: number) => {
        const taskId = randomUUID();
        const due = new Date(fireAt(i) + MEDICATION_REMINDER_LEAD_MINUTES * MINUTE_MS);
        const local = instantToLocal(due, ZONE);
        ids.push(taskId);
        await store.append(`task-${taskId}`, [{
          id: randomUUID(),
          type: 'TaskScheduled',
          data: {
            taskId, childId, templateId: null, name: `Dose ${i}`, description: null, category: 'medication', priority: 'medium', isUrgent: false,
            medicationId: null, imageUrl: null, timeSlot: null, taskGroupId: null, timeSpecificNotes: null, appointmentDetails: null,
            scheduledDate: local.date, localTime: local.time, timezone: ZONE, scheduledTime: due.toISOString(), scheduledBy: null, scheduledAt: new Date().toISOString(),
          },
          metadata: { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
        }], 'no_stream');
      };
      // Eight writers at once, as several caregivers' schedules would arrive.
      for (let i = 0; i < count; i += SEED_WRITERS) await Promise.all(Array.from({ length: Math.min(SEED_WRITERS, count - i) }, (_, k) => one(i + k)));
      return ids;
    }

    /**
     * Lateness of each recorded reminder of `ids`, in ms (when its TaskReminderSent was appended minus
     * when it was due), once all are recorded (or the wait ends). Counted in SQL: the bench's own
     * polling must not take the worker's CPU.
     */
    async function lateness(ids: string[], waitUntil: number): Promise<{ late: number[]; sentAt: number[]; twice: number }> {
      const recorded = (columns: string) =>
        pool.query(`SELECT ${columns} FROM es_events WHERE type = 'TaskReminderSent' AND data->>'taskId' = ANY($1)`, [ids]);
      while ((await recorded('count(*)::int AS n')).rows[0].n < ids.length && Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 1000));
      const { rows } = await recorded(
        `(extract(epoch FROM created_at) * 1000)::float8 AS at, (extract(epoch FROM (data->>'scheduledTime')::timestamptz) * 1000)::float8 AS due`,
      );
      const sentAt = rows.map((r: { at: number }) => r.at).sort((a, b) => a - b);
      const late = rows.map((r: { at: number; due: number }) => Math.round(r.at - (r.due - MEDICATION_REMINDER_LEAD_MINUTES * MINUTE_MS))).sort((a, b) => a - b);
      // Each sent once: a task with two TaskReminderSent would be a reminder sent twice.
      const twice = (await recorded('count(*)::int - count(DISTINCT data->>\'taskId\')::int AS n')).rows[0].n as number;
      return { late, sentAt, twice };
    }

    const queued = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM reminder_jobs')).rows[0].n;
    const rows: string[][] = [];

    // Spread: SPREAD reminders due within one minute, starting after the seeding has had time.
    const seededIn = Date.now();
    const start = Date.now() + 60_000 + SPREAD * 12;
    const spread = await seed(SPREAD, (i) => start + Math.floor((i * 60_000) / SPREAD));
    const seedSeconds = (Date.now() - seededIn) / 1000;
    while ((await queued()) < SPREAD && Date.now() < start) await new Promise((resolve) => setTimeout(resolve, 500));
    const queuedBeforeStart = await queued();
    const a = await lateness(spread, start + 60_000 + 300_000);
    rows.push([`${SPREAD} due within one minute`, String(a.late.length), String(pct(a.late, 0.5)), String(pct(a.late, 0.99)), String(a.late[a.late.length - 1] ?? '-'), '-']);

    // Burst: BURST reminders due at the same instant.
    // Time for the projections and the scheduler to queue every job first, on a busy machine too: the
    // burst measures the workers, and jobs queued after their time would measure the projector.
    const at = Date.now() + 30_000 + BURST * 30;
    const burst = await seed(BURST, () => at);
    while ((await queued()) < BURST && Date.now() < at) await new Promise((resolve) => setTimeout(resolve, 500));
    const queuedBeforeBurst = await queued();
    // BENCH_PROFILE_DIR=dir: a CPU profile of this process (API, projections and worker, as `npm start`) through the burst.
    const profileDir = process.env.BENCH_PROFILE_DIR;
    if (profileDir) await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - 500 - Date.now())));
    const stopProfile = profileDir ? await profileThisProcess(join(profileDir, 'reminder-burst.cpuprofile')) : null;
    const b = await lateness(burst, at + 600_000);
    await stopProfile?.();
    const seconds = (b.sentAt[b.sentAt.length - 1] - at) / 1000;
    rows.push([`${BURST} due at one instant`, String(b.late.length), String(pct(b.late, 0.5)), String(pct(b.late, 0.99)), String(b.late[b.late.length - 1] ?? '-'), (b.late.length / seconds).toFixed(0)]);

    return {
      title: `Reminder lateness: one worker process, PostgreSQL on this host, Node ${process.version}, ${cpus().length} cores`,
      notes: [
        'Lateness = when the worker appended TaskReminderSent (es_events.created_at) minus when the reminder was due (15 reminder-minutes before the task).',
        `Tasks appended as TaskScheduled events (${SPREAD} took ${seedSeconds.toFixed(0)} s); the scheduler projection queued ${queuedBeforeStart} jobs before the first was due.`,
        `The burst's ${BURST} jobs: ${queuedBeforeBurst} in reminder_jobs when they were due; reminders recorded twice: ${a.twice + b.twice}.`,
        'Reminder times run at 1 s per minute (REMINDER_MINUTE_MS=1000); nothing else changes. Goals: p99 <= 500 ms within a minute, p99 <= 2 s and >= 2,500 a second in the burst.',
      ],
      columns: ['reminders', 'recorded', 'p50 ms', 'p99 ms', 'max ms', 'per second'],
      rows,
    };
  } finally {
    await app.close();
    await Promise.all([database.drop(), deleteRedisKeys(config.redisUrl, config.queuePrefix)]);
  }
}
