import { Inject, Injectable } from '@nestjs/common';
import type { TaskHistoryEntry } from '@carecircle/libs';
import { UsersQuery } from '../../identity';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../../platform/event-store/event-store';
import { taskStream, type AlertDelivery } from '../domain/task';
import { taskTemplateStream, type TaskTemplateEvent } from '../domain/task-template';

/** Schedule events an occurrence's History shows: who changed its repeating schedule, and when. */
const SCHEDULE_CHANGES = new Set<TaskTemplateEvent['type']>(['TaskTemplateScheduleChanged', 'TaskTemplatePaused', 'TaskTemplateResumed', 'TaskTemplateDeactivated']);

/** Events that say who was alerted (`deliveries`): History names them. */
const ALERTS = new Set<string>(['TaskReminderSent', 'TaskEscalationStepReached']);
const alertedUsers = (event: RecordedEvent): string[] =>
  ALERTS.has(event.type) ? (event.data.deliveries as AlertDelivery[]).flatMap((d) => ('userId' in d ? [d.userId] : [])) : [];

/**
 * The auditors' view: a task's events in stream order, read from the event store (not a read model,
 * so removed tasks keep their history, removal reason included). Task events hold no secrets; the
 * data is answered as stored, with the actor's display name beside the id. An occurrence of a
 * repeating schedule also shows the schedule's changes (`source: 'schedule'`), merged by time.
 */
@Injectable()
export class TaskHistoryQuery {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly users: UsersQuery,
  ) {}

  async forTask(taskId: string): Promise<TaskHistoryEntry[]> {
    const own = await this.store.readStream(taskStream(taskId));
    const templateId = own[0]?.type === 'TaskScheduled' ? own[0].data.templateId : null;
    const schedule = typeof templateId === 'string' ? (await this.store.readStream(taskTemplateStream(templateId))).filter((e) => SCHEDULE_CHANGES.has(e.type as TaskTemplateEvent['type'])) : [];
    const events: (RecordedEvent & { source?: 'schedule' })[] = [...own, ...schedule.map((e) => ({ ...e, source: 'schedule' as const }))];
    events.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
    const names = await this.users.displayNames(events.flatMap((e) => [...(e.metadata.actorId ? [e.metadata.actorId] : []), ...alertedUsers(e)]));
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

  /** The recipient of a task, live or removed, from its first event. */
  async childOf(taskId: string): Promise<string | null> {
    const [first] = await this.store.readStream(taskStream(taskId));
    const childId = first?.type === 'TaskScheduled' ? first.data.childId : null;
    return typeof childId === 'string' ? childId : null;
  }
}
