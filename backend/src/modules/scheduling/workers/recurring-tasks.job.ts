import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Pool } from 'pg';
import { addDays, localDate, type AppointmentInput, type TaskTemplate } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { DomainError } from '../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { PG_POOL } from '../../../platform/database/database.tokens';
import { taskStream } from '../domain/task';
import { taskDecider } from '../domain/task.decide';
import { TaskTemplatesQuery } from '../read-models/task-templates/task-templates.query';
import { CareTeamClock } from '../time/care-team-clock';
import { occurrencesOn } from './occurrence-ids';

export const RECURRING_TASKS_QUEUE = 'recurring-tasks';
/** Every 15 minutes: each care team's local midnight is caught within a quarter hour, whatever its zone. */
export const MATERIALISE_CRON = '*/15 * * * *';
/** Bookkeeping older than this is dropped (days before the earliest current date). */
const KEEP_MARKERS_DAYS = 14;

/** An appointment occurrence needs appointment fields; a template only has a time: one hour, type other. */
export function appointmentFor(time: string): AppointmentInput {
  const [h, m] = time.split(':').map(Number);
  const end = Math.min(h * 60 + m + 60, 23 * 60 + 59);
  return { type: 'other', startTime: time, endTime: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}` };
}

/**
 * Turns repeating templates into tasks, one care-team date at a time.
 *
 * Idempotency, in two layers:
 * - each occurrence has a deterministic task id (template, date, time): scheduling it again names an
 *   existing stream and ScheduleTask records nothing, so two runs, two workers or a retry never
 *   make a duplicate;
 * - `template_materialisations` remembers which (template, date) pairs are done, so a run skips them
 *   without touching the event store, and a task the family removed is not brought back.
 */
@Injectable()
export class TemplateMaterialiser {
  private readonly log = new Logger(TemplateMaterialiser.name);

  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly templates: TaskTemplatesQuery,
    private readonly clock: CareTeamClock,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /** Schedules a template's tasks of one care-team date and marks the date done; answers their task ids. */
  async materialiseDay(template: TaskTemplate, date: string, timezone: string, metadata: CommandMetadata): Promise<string[]> {
    const occurrences = occurrencesOn(template, date);
    for (const { taskId, time, template: version } of occurrences) {
      try {
        await this.streams.execute(taskStream(taskId), taskDecider, {
          type: 'ScheduleTask',
          data: {
            taskId,
            childId: template.childId,
            templateId: template.id,
            details: {
              name: version.name,
              description: version.description,
              category: version.category,
              priority: version.priority,
              isUrgent: version.isUrgent,
              medicationId: version.medicationId,
              imageUrl: version.imageUrl,
              timeSlot: null,
              taskGroupId: null,
              timeSpecificNotes: version.timeNotes[time] ?? null,
              appointmentDetails: version.category === 'appointment' ? appointmentFor(time) : null,
            },
            schedule: { scheduledDate: date, localTime: time, timezone },
          },
          metadata,
        });
      } catch (error) {
        // The id is taken by a task that differs (e.g. the zone changed since): it exists, leave it be.
        if (!(error instanceof DomainError && error.code === 'SCHEDULING.TASK_ALREADY_EXISTS')) throw error;
      }
    }
    await this.pool.query(
      'INSERT INTO template_materialisations (template_id, scheduled_date, materialised_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [template.id, date, metadata.occurredAt],
    );
    return occurrences.map((o) => o.taskId);
  }

  /**
   * The job's core: for every active repeating template, the care team's date at `now`; a date not
   * yet done gets its occurrences. One template failing is logged and retried on the next run.
   * The occurrences are recorded in the name of whoever created or last changed the schedule, so
   * their History says who set them up (the job only carries it out).
   */
  async materialiseDue(now: Date): Promise<{ templates: number; tasks: number; failed: number }> {
    // No zone is more than a day behind UTC, so no care team's date is before this one.
    const earliest = addDays(now.toISOString().slice(0, 10), -1);
    const [templates, done] = await Promise.all([this.templates.activeRepeating(earliest), this.doneBetween(earliest)]);
    const zones = new Map<string, string>();
    const metadata: CommandMetadata = { actorId: null, correlationId: randomUUID(), occurredAt: now.toISOString() };
    const result = { templates: 0, tasks: 0, failed: 0 };
    for (const template of templates) {
      try {
        let zone = zones.get(template.childId);
        if (!zone) zones.set(template.childId, (zone = await this.clock.timezoneFor(template.childId)));
        const date = localDate(now, zone);
        if (done.has(`${template.id}/${date}`)) continue;
        const taskIds = await this.materialiseDay(template, date, zone, { ...metadata, actorId: template.changedBy });
        result.templates += 1;
        result.tasks += taskIds.length;
      } catch (error) {
        result.failed += 1;
        this.log.error(`template ${template.id}: ${(error as Error).stack ?? String(error)}`);
      }
    }
    await this.pool.query('DELETE FROM template_materialisations WHERE scheduled_date < $1', [addDays(earliest, -KEEP_MARKERS_DAYS)]);
    return result;
  }

  /** `${templateId}/${date}` of the (template, date) pairs done from `from` (to `to`, when given). */
  async doneBetween(from: string, to: string | null = null, templateIds: string[] | null = null): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ template_id: string; scheduled_date: string }>(
      `SELECT template_id, to_char(scheduled_date, 'YYYY-MM-DD') AS scheduled_date FROM template_materialisations
       WHERE scheduled_date >= $1 AND ($2::date IS NULL OR scheduled_date <= $2) AND ($3::uuid[] IS NULL OR template_id = ANY($3))`,
      [from, to, templateIds],
    );
    return new Set(rows.map((r) => `${r.template_id}/${r.scheduled_date}`));
  }
}

/**
 * On the worker role only: a repeatable Bull job every 15 minutes runs TemplateMaterialiser.materialiseDue.
 * The scheduling module is not built per role, so the role is checked here instead of by leaving the
 * provider out (QueueModule's pattern); an api-only process neither consumes nor schedules the job.
 */
@Injectable()
export class RecurringTasksWorker implements OnApplicationBootstrap {
  private readonly log = new Logger(RecurringTasksWorker.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(RECURRING_TASKS_QUEUE) private readonly queue: Queue,
    private readonly materialiser: TemplateMaterialiser,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.roles.includes('worker')) return;
    this.queue
      .process('materialise', 1, async () => {
        const result = await this.materialiser.materialiseDue(new Date());
        if (result.tasks > 0 || result.failed > 0) this.log.log(`materialised ${result.tasks} tasks of ${result.templates} templates, ${result.failed} failed`);
        return result;
      })
      .catch((error: Error) => this.log.error(`recurring-tasks worker stopped: ${error.message}`));
    await this.queue.add('materialise', {}, { repeat: { cron: MATERIALISE_CRON }, jobId: 'materialise-templates', removeOnComplete: 10, removeOnFail: 10 });
  }
}
