import { Inject, Injectable } from '@nestjs/common';
import type { Page, TaskHistoryEntry } from '@carecircle/libs';
import { UsersQuery } from '../../identity';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../../platform/event-store/event-store';
import { encodeCursor } from '../../../platform/http/page';
import { taskStream, type AlertDelivery } from '../domain/task';
import { taskTemplateStream, type TaskTemplateEvent } from '../domain/task-template';

/** Schedule events an occurrence's History shows: who changed its repeating schedule, and when. */
const SCHEDULE_CHANGES = new Set<TaskTemplateEvent['type']>(['TaskTemplateScheduleChanged', 'TaskTemplatePaused', 'TaskTemplateResumed', 'TaskTemplateDeactivated']);

/** Events that say who was alerted (`deliveries`): History names them. */
const ALERTS = new Set<string>(['TaskReminderSent', 'TaskEscalationStepReached']);
const alertedUsers = (event: RecordedEvent): string[] =>
  ALERTS.has(event.type) ? (event.data.deliveries as AlertDelivery[]).flatMap((d) => ('userId' in d ? [d.userId] : [])) : [];

type HistoryEvent = RecordedEvent & { source?: 'schedule' };

/** Events read at a time by historiesOf (one statement each). */
const EVENTS_PER_READ = 2000;

/** The repeating schedule a task's first event names, if any. */
const templateOf = (first: RecordedEvent | undefined): string | null => {
  const templateId = first?.type === 'TaskScheduled' ? first.data.templateId : null;
  return typeof templateId === 'string' ? templateId : null;
};

/** A page's key: the next revision to read of the task's stream and of its schedule's. */
export interface TaskHistoryCursor {
  task: bigint;
  schedule: bigint;
}
export const taskHistoryCursor = ([task, schedule, ...rest]: string[]): TaskHistoryCursor | null =>
  rest.length === 0 && /^\d{1,15}$/.test(task ?? '') && /^\d{1,15}$/.test(schedule ?? '') ? { task: BigInt(task), schedule: BigInt(schedule) } : null;

/**
 * The auditors' view: a task's events in stream order, read from the event store (not a read model,
 * so removed tasks keep their history, removal reason included), a page at a time. Task events hold no secrets; the
 * data is answered as stored, with the actor's display name beside the id. An occurrence of a
 * repeating schedule also shows the schedule's changes (`source: 'schedule'`), merged by time.
 */
@Injectable()
export class TaskHistoryQuery {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly users: UsersQuery,
  ) {}

  /**
   * A page of the task's history in order: at most `limit` entries after `after`. Reads at most
   * `limit + 1` events of each stream, whatever either holds (a stream read in full has nothing
   * after its last event; past a partly read one the merge stops, and the cursor resumes there).
   */
  async pageFor(taskId: string, { after = null, limit }: { after?: TaskHistoryCursor | null; limit: number }): Promise<Page<TaskHistoryEntry>> {
    const from = after ?? { task: 0n, schedule: 0n };
    const own = await this.store.readStream(taskStream(taskId), { fromRevision: from.task, maxCount: limit + 1 });
    // The first page holds the stream's first event; a later one reads it again (one event).
    const [first] = from.task === 0n ? own : await this.store.readStream(taskStream(taskId), { maxCount: 1 });
    const templateId = templateOf(first);
    const schedule = templateId !== null ? await this.store.readStream(taskTemplateStream(templateId), { fromRevision: from.schedule, maxCount: limit + 1 }) : [];
    const scheduleReadInFull = schedule.length <= limit;
    const isChange = (event: RecordedEvent) => SCHEDULE_CHANGES.has(event.type as TaskTemplateEvent['type']);

    const picked: HistoryEvent[] = [];
    let [i, j] = [0, 0];
    while (picked.length < limit) {
      const [task, change] = [own[i], schedule[j]];
      if (!task && !change) break;
      if (!change && !scheduleReadInFull) break;
      if (task && (!change || task.position < change.position)) {
        picked.push(task);
        i++;
      } else {
        if (isChange(change)) picked.push({ ...change, source: 'schedule' });
        j++;
      }
    }
    const more = i < own.length || !scheduleReadInFull || schedule.slice(j).some(isChange);
    return { items: toEntries(picked, await this.namesIn(picked)), next: more ? encodeCursor([(from.task + BigInt(i)).toString(), (from.schedule + BigInt(j)).toString()]) : null };
  }

  /**
   * The whole history of each of `taskIds` (as pageFor's pages put together), set-based: the tasks'
   * events in reads of EVENTS_PER_READ across all their streams, their schedules' events in one
   * more, the actors' names in one: a handful of statements for a page of tasks, not a few per task.
   * Holds the page's events; for an export's page of tasks (GET /api/user/export).
   */
  async historiesOf(taskIds: string[]): Promise<Map<string, TaskHistoryEntry[]>> {
    const own = await this.readAllOf(taskIds.map(taskStream));
    const templates = [...new Set(taskIds.map((id) => templateOf(own.get(taskStream(id))?.[0])).filter((id): id is string => id !== null))];
    const schedules = await this.readAllOf(templates.map(taskTemplateStream));
    const merged = taskIds.map((taskId): [string, HistoryEvent[]] => {
      const events = own.get(taskStream(taskId)) ?? [];
      const templateId = templateOf(events[0]);
      const changes = templateId === null ? [] : (schedules.get(taskTemplateStream(templateId)) ?? []).filter((e) => SCHEDULE_CHANGES.has(e.type as TaskTemplateEvent['type']));
      const all: HistoryEvent[] = [...events, ...changes.map((change) => ({ ...change, source: 'schedule' as const }))];
      return [taskId, all.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0))];
    });
    const names = await this.namesIn(merged.flatMap(([, events]) => events));
    return new Map(merged.map(([taskId, events]) => [taskId, toEntries(events, names)]));
  }

  /** Every event of the streams, by stream, in reads of at most EVENTS_PER_READ. */
  private async readAllOf(streamIds: string[]): Promise<Map<string, RecordedEvent[]>> {
    const byStream = new Map<string, RecordedEvent[]>();
    for (let after: { streamId: string; revision: bigint } | null = null; streamIds.length > 0; ) {
      const batch = await this.store.readStreams(streamIds, { after, maxCount: EVENTS_PER_READ });
      for (const event of batch) {
        const events = byStream.get(event.streamId);
        if (events) events.push(event);
        else byStream.set(event.streamId, [event]);
      }
      if (batch.length < EVENTS_PER_READ) break;
      const last = batch[batch.length - 1];
      after = { streamId: last.streamId, revision: last.revision };
    }
    return byStream;
  }

  /** The display names of the events' actors and of the users they alerted (one read). */
  private namesIn(events: HistoryEvent[]): Promise<Map<string, string>> {
    return this.users.displayNames(events.flatMap((e) => [...(e.metadata.actorId ? [e.metadata.actorId] : []), ...alertedUsers(e)]));
  }

  /** The recipient of a task, live or removed, from its first event. */
  async childOf(taskId: string): Promise<string | null> {
    const [first] = await this.store.readStream(taskStream(taskId), { maxCount: 1 });
    const childId = first?.type === 'TaskScheduled' ? first.data.childId : null;
    return typeof childId === 'string' ? childId : null;
  }
}

/** History entries as GET /api/tasks/{id}/history answers them: the actor's name beside the id, alerted users named. */
function toEntries(events: HistoryEvent[], names: Map<string, string>): TaskHistoryEntry[] {
  return events.map((event) => ({
    type: event.type,
    data: event.data,
    actorId: event.metadata.actorId,
    actorName: event.metadata.actorId ? (names.get(event.metadata.actorId) ?? null) : null,
    occurredAt: event.metadata.occurredAt,
    revision: Number(event.revision),
    ...(event.source ? { source: event.source } : {}),
    ...(ALERTS.has(event.type) ? { alertedNames: Object.fromEntries(alertedUsers(event).map((id) => [id, names.get(id) ?? 'a former caregiver'])) } : {}),
  }));
}
