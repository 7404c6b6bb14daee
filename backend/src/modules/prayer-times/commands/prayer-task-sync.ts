import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { addDays, DEFAULT_TIMEZONE, isIanaTimeZone, localDate } from '@carecircle/libs';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { ChildrenQuery } from '../../care-recipients';
import { UsersQuery, type PrayerTaskSettings } from '../../identity';
import { ApplyTaskPlan, DailyTasksQuery, type PlannedTask } from '../../scheduling';
import { PRAYER_TASK_NAMES, planPrayerTasks, prayerTasksOn, type PrayerTaskPlan, type WantedPrayer } from '../domain/prayer-tasks';
import { prayerTaskId } from './prayer-task-ids';

const NOTHING = { scheduled: 0, moved: 0, removed: 0 };

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
  ) {}

  /** At `metadata.occurredAt`, recorded in the user's name; `awaitProjections` false for the job (nobody reads it back). Answers what was done. */
  async sync(userId: string, metadata: CommandMetadata, awaitProjections = true): Promise<{ scheduled: number; moved: number; removed: number }> {
    const settings = await this.users.prayerTaskSettings(userId);
    // Never turned on: no prayer task of theirs can exist.
    if (!settings || (!settings.enablePrayerTasks && settings.prayerTasksSince === null)) return NOTHING;
    const childIds = await this.children.ownedIds(userId);
    if (childIds.length === 0) return NOTHING;
    const plan = await this.plan(settings, childIds, new Date(metadata.occurredAt));
    if (plan.schedule.length + plan.move.length + plan.remove.length === 0) return NOTHING;
    const schedule = plan.schedule.map(toPlannedTask);
    return this.commands.execute(new ApplyTaskPlan({ schedule, move: plan.move, remove: plan.remove }, { ...metadata, actorId: userId }, awaitProjections));
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
