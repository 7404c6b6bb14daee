import { randomUUID } from 'node:crypto';
import { DEFAULT_TIMEZONE, instantToLocal } from '@carecircle/libs';
import type { EventStore } from '../platform/event-store/event-store';
import { NO_TASK_DETAILS } from './task-details';

/**
 * `count` medication tasks of one recipient at the same instant (a region's 8:00), scheduled as
 * occurrences are: TaskScheduled on each task's stream, `atOnce` appends at a time. Answers the task ids.
 */
export async function scheduleMedicationBurst(store: EventStore, { childId, actorId, due, count, atOnce = 10 }: { childId: string; actorId: string; due: Date; count: number; atOnce?: number }): Promise<string[]> {
  const { date, time } = instantToLocal(due, DEFAULT_TIMEZONE);
  const taskIds = Array.from({ length: count }, () => randomUUID());
  for (let i = 0; i < count; i += atOnce) {
    await Promise.all(
      taskIds.slice(i, i + atOnce).map((taskId, k) =>
        store.append(`task-${taskId}`, [{
          type: 'TaskScheduled',
          data: {
            taskId, childId, templateId: null, name: `Dose ${i + k}`, category: 'medication', priority: 'medium', isUrgent: false, ...NO_TASK_DETAILS,
            scheduledDate: date, localTime: time, timezone: DEFAULT_TIMEZONE, scheduledTime: due.toISOString(), scheduledBy: actorId, scheduledAt: new Date().toISOString(),
          },
          metadata: { actorId, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
        }], 'no_stream'),
      ),
    );
  }
  return taskIds;
}
