import { randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Redis } from 'ioredis';
import { addDays, DEFAULT_TIMEZONE, isIanaTimeZone, localDate } from '@carecircle/libs';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { DomainError } from '../../../platform/commands/domain-error';
import { REDIS } from '../../../platform/queue/queue.module';
import { ChildrenQuery } from '../../care-recipients';
import { UsersQuery, type PrayerTaskSettings } from '../../identity';
import { ApplyTaskPlan, DailyTasksQuery, type PlannedTask } from '../../scheduling';
import { PRAYER_TASK_NAMES, planPrayerTasks, prayerTasksOn, type PrayerTaskPlan, type WantedPrayer } from '../domain/prayer-tasks';
import { prayerTaskId } from './prayer-task-ids';

const NOTHING = { scheduled: 0, moved: 0, removed: 0 };

/** A user's sync holds their lock at most this long (a sync is a few reads and at most 100 tasks' writes). */
const LOCK_TTL_MS = 30_000;
/** How often a sync waiting for another of the same user looks again, and for how long at most. */
const LOCK_POLL_MS = 25;
const LOCK_WAIT_MS = 15_000;
/** Deletes the lock only if it is still this sync's (its TTL may have run out and another taken it). */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
export const SYNC_BUSY_MESSAGE = 'Your prayer tasks are being updated by another change; please try again in a moment.';

/**
 * Brings one user's prayer tasks in line with their settings, on every recipient they are the primary
 * caregiver of (never a recipient shared with them: a secondary caregiver's setting writes into no
 * other family's schedule). The horizon is the user's today and tomorrow: today's remaining prayers
 * and tomorrow's are made, so a caregiver who looks at tomorrow sees them; the day after comes with the
 * prayer-tasks job once the date turns. Tasks of yesterday to the day after tomorrow (in the zone now:
 * a zone change moves "today" by a day at most) are looked at, so a change of method, location or zone
 * moves them and turning off removes them. Shared by
 * PATCH /api/user/prayer-settings's use case and the prayer-tasks job.
 */
@Injectable()
export class PrayerTaskSync {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UsersQuery,
    private readonly children: ChildrenQuery,
    private readonly tasks: DailyTasksQuery,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /**
   * At `metadata.occurredAt`, recorded in the user's name; `awaitProjections` false for the job (nobody
   * reads it back). Answers what was done. One sync of a user at a time, in every process: a sync plans
   * from what it read, so the job's sync beside a settings change's could otherwise apply its plan
   * (read before the change) after the change's own, and leave the tasks in the old zone or times.
   */
  async sync(userId: string, metadata: CommandMetadata, awaitProjections = true): Promise<{ scheduled: number; moved: number; removed: number }> {
    const key = `prayer-task-sync:${userId}`;
    const token = randomUUID();
    const deadline = Date.now() + LOCK_WAIT_MS;
    while ((await this.redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK') {
      if (Date.now() > deadline) throw new DomainError('PRAYER_TIMES.SYNC_BUSY', 'conflict', SYNC_BUSY_MESSAGE);
      await wait(LOCK_POLL_MS);
    }
    try {
      return await this.syncAlone(userId, metadata, awaitProjections);
    } finally {
      await this.redis.eval(RELEASE, 1, key, token);
    }
  }

  private async syncAlone(userId: string, metadata: CommandMetadata, awaitProjections: boolean): Promise<{ scheduled: number; moved: number; removed: number }> {
    const settings = await this.users.prayerTaskSettings(userId);
    // Never turned on: no prayer task of theirs can exist.
    if (!settings || (!settings.enablePrayerTasks && settings.prayerTasksSince === null)) return NOTHING;
    const childIds = await this.children.ownedIds(userId);
    if (childIds.length === 0) return NOTHING;
    const plan = await this.plan(settings, childIds, new Date(metadata.occurredAt));
    if (plan.schedule.length + plan.move.length + plan.remove.length === 0) return NOTHING;
    const schedule = plan.schedule.map(toPlannedTask);
    return this.commands.execute(new ApplyTaskPlan({ plan: { schedule, move: plan.move, remove: plan.remove }, metadata: { ...metadata, actorId: userId }, awaitProjections }));
  }

  private async plan(settings: PrayerTaskSettings, childIds: string[], now: Date): Promise<PrayerTaskPlan & { schedule: (WantedPrayer & { taskId: string; childId: string })[] }> {
    const timezone = isIanaTimeZone(settings.timezone) ? settings.timezone : DEFAULT_TIMEZONE;
    const today = localDate(now, timezone);
    const horizon = [today, addDays(today, 1)];
    const days = [addDays(today, -1), ...horizon, addDays(today, 2)];
    const since = settings.prayerTasksSince;
    const times = settings.enablePrayerTasks ? days.flatMap((day) => prayerTasksOn({ ...settings, timezone }, day)) : [];
    const plans = await Promise.all(
      childIds.map(async (childId) => {
        const wanted = times.map((w) => ({ ...w, childId, taskId: prayerTaskId(childId, since, w.day, w.prayer) }));
        const candidates = days.flatMap((day) => PRAYER_TASK_NAMES.map((prayer) => prayerTaskId(childId, since, day, prayer)));
        const [existing, horizonTasks] = await Promise.all([
          this.tasks.scheduleOf(candidates),
          settings.enablePrayerTasks ? Promise.all(horizon.map((day) => this.tasks.onDate([childId], day, now))) : [],
        ]);
        // Prayers already completed (in an earlier period: turned off, then on again) are not made twice.
        const completed = horizonTasks.flat().filter((t) => t.category === 'prayer' && t.templateId === null && t.status === 'completed').map((t) => `${t.scheduledDate}/${t.name}`);
        const plan = planPrayerTasks({ wanted, existing, scheduleDays: horizon, now, completed });
        return { ...plan, schedule: plan.schedule.map((w) => ({ ...w, childId })) };
      }),
    );
    return { schedule: plans.flatMap((p) => p.schedule), move: plans.flatMap((p) => p.move), remove: plans.flatMap((p) => p.remove) };
  }
}

/** A prayer task as scheduling makes it: named by the prayer, category prayer, medium priority, not urgent. */
function toPlannedTask(want: WantedPrayer & { taskId: string; childId: string }): PlannedTask {
  return {
    taskId: want.taskId,
    childId: want.childId,
    details: {
      name: want.prayer,
      description: null,
      category: 'prayer',
      priority: 'medium',
      isUrgent: false,
      medicationId: null,
      imageUrl: null,
      timeSlot: null,
      taskGroupId: null,
      timeSpecificNotes: null,
    },
    scheduledDate: want.scheduledDate,
    localTime: want.localTime,
    timezone: want.timezone,
  };
}
