import { Inject, Injectable } from '@nestjs/common';
import type { TaskHistoryEntry } from '@carecircle/libs';
import { UsersQuery } from '../../identity';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store';
import { taskStream } from '../domain/task';

/**
 * The auditors' view: a task's events in stream order, read from the event store (not a read model,
 * so removed tasks keep their history, removal reason included). Task events hold no secrets; the
 * data is answered as stored, with the actor's display name beside the id.
 */
@Injectable()
export class TaskHistoryQuery {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly users: UsersQuery,
  ) {}

  async forTask(taskId: string): Promise<TaskHistoryEntry[]> {
    const events = await this.store.readStream(taskStream(taskId));
    const names = await this.users.displayNames(events.flatMap((e) => (e.metadata.actorId ? [e.metadata.actorId] : [])));
    return events.map((event) => ({
      type: event.type,
      data: event.data,
      actorId: event.metadata.actorId,
      actorName: event.metadata.actorId ? (names.get(event.metadata.actorId) ?? null) : null,
      occurredAt: event.metadata.occurredAt,
      revision: Number(event.revision),
    }));
  }

  /** The recipient of a task, live or removed, from its first event. */
  async childOf(taskId: string): Promise<string | null> {
    const [first] = await this.store.readStream(taskStream(taskId));
    const childId = first?.type === 'TaskScheduled' ? first.data.childId : null;
    return typeof childId === 'string' ? childId : null;
  }
}
