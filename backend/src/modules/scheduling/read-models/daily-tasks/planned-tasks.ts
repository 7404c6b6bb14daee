import { Injectable } from '@nestjs/common';
import { addDays, compareTasks, localDate, localDateTimeToInstant, type Task } from '@carecircle/libs';
import { Turns } from '../../../../platform/http/turns';
import { readAppointment } from '../../domain/task.decide';
import { TaskTemplatesQuery } from '../task-templates/task-templates.query';
import { CareTeamClock } from '../../time/care-team-clock';
import { occurrencesOn } from '../../workers/occurrence-ids';
import { appointmentFor, TemplateMaterialiser } from '../../workers/recurring-tasks.job';

/**
 * Future days read as they will be: the occurrences the recipients' active, unpaused repeating
 * schedules will make on dates from the care team's today on, for (template, date) pairs not
 * materialised yet, marked `planned: true`. Their ids are the ones materialisation will give them
 * (workers/occurrence-ids.ts), so a planned task and the real one later are the same task to the
 * front end. Nothing is stored: a planned task has no stream, and commands on it are a 404.
 */
@Injectable()
export class PlannedTasks {
  constructor(
    private readonly templates: TaskTemplatesQuery,
    private readonly materialiser: TemplateMaterialiser,
    private readonly clock: CareTeamClock,
  ) {}

  /** The day or range's tasks with the planned ones added (not those already there), in the spec's order. */
  async add(tasks: Task[], children: { id: string; name: string }[], startDate: string, endDate: string, now: Date): Promise<Task[]> {
    // No zone is behind UTC-12: a range that ended before that zone's today is past everywhere, and
    // past days have nothing planned (most history views), so no zone needs to be looked up.
    if (endDate < localDate(now, 'Etc/GMT+12')) return tasks;
    const known = new Set(tasks.map((t) => t.id));
    const turns = new Turns();
    const planned: Task[] = [];
    for (const child of children) {
      const timezone = await this.clock.timezoneFor(child.id);
      const first = [startDate, localDate(now, timezone)].sort()[1];
      if (first > endDate) continue;
      const templates = (await this.templates.forChild(child.id)).filter((t) => t.isActive && !t.isPaused && t.isRepeating);
      if (templates.length === 0) continue;
      const done = await this.materialiser.doneBetween(first, endDate, templates.map((t) => t.id));
      // One zone lookup per date and time, not per occurrence (the schedules share their times).
      const instants = new Map<string, string>();
      const instant = (date: string, time: string) => {
        const key = `${date}T${time}`;
        let found = instants.get(key);
        if (found === undefined) instants.set(key, (found = localDateTimeToInstant(date, time, timezone)));
        return found;
      };
      for (let date = first; date <= endDate; date = addDays(date, 1)) {
        for (const template of templates) {
          // Fair to other families: a long range is computed in turns of the event loop, other requests in between.
          if (turns.over) await turns.next();
          if (done.has(`${template.id}/${date}`)) continue;
          for (const occurrence of occurrencesOn(template, date)) {
            if (!known.has(occurrence.taskId)) planned.push(plannedTask(occurrence, child.name, timezone, instant(occurrence.date, occurrence.time)));
          }
        }
      }
    }
    return planned.length === 0 ? tasks : turns.sort([...tasks, ...planned], compareTasks(now));
  }
}

function plannedTask({ taskId, date, time, template }: ReturnType<typeof occurrencesOn>[number], childName: string, timezone: string, scheduledTime: string): Task {
  return {
    id: taskId,
    childId: template.childId,
    childName,
    templateId: template.id,
    name: template.name,
    description: template.description,
    category: template.category,
    status: 'pending',
    scheduledDate: date,
    scheduledTime,
    localTime: time,
    timezone,
    completedAt: null,
    completedBy: null,
    completedByName: null,
    notes: null,
    isUrgent: template.isUrgent,
    priority: template.priority,
    medicationId: template.medicationId,
    imageUrl: template.imageUrl,
    timeSlot: null,
    taskGroupId: null,
    timeSpecificNotes: template.timeNotes[time] ?? null,
    appointmentDetails: template.category === 'appointment' ? readAppointment(appointmentFor(time), date) : null,
    // not a task yet: it cannot be late
    isOverdue: false,
    isUrgentOverdue: false,
    planned: true,
  };
}
