import { Injectable } from '@nestjs/common';
import { localDate } from '@carecircle/libs';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { taskStream } from '../domain/task';
import { taskDecider } from '../domain/task.decide';
import { DailyTasksQuery } from '../read-models/daily-tasks/daily-tasks.query';
import { TaskTemplatesQuery } from '../read-models/task-templates/task-templates.query';
import { CareTeamClock } from '../time/care-team-clock';
import { occurrencesOn } from '../workers/occurrence-ids';
import { TemplateMaterialiser } from '../workers/recurring-tasks.job';

/**
 * After a repeating schedule changed (new version, paused, resumed, stopped): its materialised
 * occurrences from `fromDate` that are still pending and still ahead are brought in line. One the
 * schedule no longer makes is removed with `reason` (its History keeps it); one it still makes
 * takes the new name, notes and dose text. Completed occurrences, and those whose time has passed,
 * are never touched. When the change reaches today, today's new times are materialised.
 */
@Injectable()
export class RepeatingTaskOccurrences {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly tasks: DailyTasksQuery,
    private readonly templates: TaskTemplatesQuery,
    private readonly materialiser: TemplateMaterialiser,
    private readonly clock: CareTeamClock,
  ) {}

  async reconcile(templateId: string, fromDate: string, reason: string, metadata: CommandMetadata): Promise<void> {
    const [template] = await this.templates.byIds([templateId]);
    if (!template) return;
    const now = new Date(metadata.occurredAt);
    for (const task of await this.tasks.pendingOccurrences(templateId, fromDate)) {
      if (Date.parse(task.scheduledTime) <= now.getTime()) continue;
      const expected = occurrencesOn(template, task.scheduledDate).find((o) => o.taskId === task.id);
      if (!expected) {
        await this.streams.execute(taskStream(task.id), taskDecider, { type: 'RemoveTask', data: { reason }, metadata });
        continue;
      }
      const version = expected.template;
      await this.streams.execute(taskStream(task.id), taskDecider, {
        type: 'UpdateTask',
        data: {
          changes: {
            name: version.name,
            description: version.description,
            priority: version.priority,
            isUrgent: version.isUrgent,
            medicationId: version.medicationId,
            timeSpecificNotes: version.timeNotes[expected.time] ?? null,
          },
        },
        metadata,
      });
    }
    const timezone = await this.clock.timezoneFor(template.childId);
    const today = localDate(now, timezone);
    if (fromDate <= today) await this.materialiser.materialiseDay(template, today, timezone, metadata);
  }
}
