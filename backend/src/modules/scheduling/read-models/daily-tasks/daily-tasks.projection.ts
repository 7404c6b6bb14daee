import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { joinFullName } from '@carecircle/libs';
import type { CareRecipientEvent } from '../../../care-recipients';
import { BatchRows, columnsOf } from '../../../../platform/projections/batch-rows';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { TASK_ROW_EVENTS, type TaskDetails, type TaskEvent, type TaskSchedule } from '../../domain/task';
import { DailyTaskEntity, SchedulingChildEntity } from './daily-tasks.entity';

type Changes = Partial<TaskDetails> & Partial<TaskSchedule>;

/** Event fields -> columns (same names; the instant becomes a Date). */
function columns(changes: Changes): Partial<DailyTaskEntity> {
  const { scheduledTime, ...rest } = changes;
  const row: Partial<DailyTaskEntity> = { ...rest };
  if (scheduledTime !== undefined) row.scheduledTime = new Date(scheduledTime);
  return row;
}

/** The row of a newly scheduled task (live apply and batched rebuild write the same one). */
function scheduledRow(data: Extract<TaskEvent, { type: 'TaskScheduled' }>['data'], childName: string): Partial<DailyTaskEntity> {
  const { taskId, childId, templateId, scheduledBy: _by, scheduledAt, ...fields } = data;
  return {
    ...columns(fields),
    id: taskId,
    childId,
    childName,
    templateId,
    status: 'pending',
    completedAt: null,
    completedBy: null,
    notes: null,
    googleCalendarEventId: null,
    createdAt: new Date(scheduledAt),
    updatedAt: new Date(scheduledAt),
  };
}

@Injectable()
@ReadModelProjection()
export class DailyTasksProjection implements Projection<TaskEvent | CareRecipientEvent> {
  readonly name = 'scheduling.daily-tasks';
  readonly liveTopic = 'tasks';
  readonly handles = [...TASK_ROW_EVENTS, 'CareRecipientAdded', 'CareRecipientUpdated', 'CareRecipientRemoved'] as const;
  readonly tables = ['daily_tasks', 'scheduling_children'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<TaskEvent | CareRecipientEvent>): Promise<void> {
    switch (event.type) {
      case 'CareRecipientAdded': {
        const { childId, firstName, lastName, primaryCaregiverId } = event.data;
        await em.upsert(SchedulingChildEntity, { id: childId, firstName, lastName, name: joinFullName(firstName, lastName), primaryCaregiverId });
        return;
      }
      case 'CareRecipientUpdated': {
        const { childId, firstName, lastName } = event.data;
        if (firstName === undefined && lastName === undefined) return;
        const child = await em.findOne(SchedulingChildEntity, { id: childId });
        if (!child) return;
        const next = { firstName: firstName ?? child.firstName, lastName: lastName ?? child.lastName };
        const name = joinFullName(next.firstName, next.lastName);
        await em.nativeUpdate(SchedulingChildEntity, { id: childId }, { ...next, name });
        await em.nativeUpdate(DailyTaskEntity, { childId }, { childName: name });
        return;
      }
      case 'CareRecipientRemoved':
        await em.nativeDelete(DailyTaskEntity, { childId: event.data.childId });
        await em.nativeDelete(SchedulingChildEntity, { id: event.data.childId });
        return;
      case 'TaskScheduled': {
        const child = await em.findOne(SchedulingChildEntity, { id: event.data.childId });
        if (!child) return; // the recipient was removed: its tasks are never listed
        await em.upsert(DailyTaskEntity, scheduledRow(event.data, child.name));
        return;
      }
      // A tick and its undo, the commonest events, in plain statements (a third of nativeUpdate's CPU).
      case 'TaskCompleted': {
        const { taskId, notes, completedBy, completedAt } = event.data;
        const sql = `UPDATE daily_tasks SET status = 'completed', completed_at = ?, completed_by = ?, notes = ?, updated_at = ? WHERE id = ?`;
        await em.execute(sql, [completedAt, completedBy, notes ?? null, completedAt, taskId]);
        return;
      }
      case 'TaskUncompleted': {
        const { taskId, uncompletedAt } = event.data;
        await em.execute(`UPDATE daily_tasks SET status = 'pending', completed_at = NULL, completed_by = NULL, notes = NULL, updated_at = ? WHERE id = ?`, [uncompletedAt, taskId]);
        return;
      }
      case 'TaskRemoved':
        await em.nativeDelete(DailyTaskEntity, { id: event.data.taskId });
        return;
      case 'TaskUpdated':
      case 'AppointmentUpdated': {
        const { taskId, childId: _c, updatedBy: _by, updatedAt, ...changes } = event.data;
        await em.nativeUpdate(DailyTaskEntity, { id: taskId }, { ...columns(changes), updatedAt: new Date(updatedAt) });
        return;
      }
      case 'TaskBecameUrgentOverdue':
        return; // derived from now at query time
    }
  }

  /** Several events at once (applyBatch): what `apply` does, event by event, on the batch's rows in memory (BatchRows). */
  async applyBatch(em: EntityManager, events: RecordedEventOf<TaskEvent | CareRecipientEvent>[]): Promise<void> {
    const tasks = new BatchRows('daily_tasks', 'id');
    const children = new BatchRows('scheduling_children', 'id');
    await children.load(em, 'id', events.map((event) => event.data.childId));
    await tasks.load(em, 'id', events.flatMap((event) => ('taskId' in event.data ? [event.data.taskId] : [])));
    await tasks.load(em, 'child_id', events.flatMap((event) => (event.type === 'CareRecipientUpdated' || event.type === 'CareRecipientRemoved' ? [event.data.childId] : [])));
    const tasksOf = (childId: string) => tasks.filter((row) => row.child_id === childId);
    for (const event of events) {
      switch (event.type) {
        case 'CareRecipientAdded': {
          const { childId, firstName, lastName, primaryCaregiverId } = event.data;
          children.put(columnsOf(em, SchedulingChildEntity, { id: childId, firstName, lastName, name: joinFullName(firstName, lastName), primaryCaregiverId }, true));
          break;
        }
        case 'CareRecipientUpdated': {
          const { childId, firstName, lastName } = event.data;
          const child = children.get(childId);
          if ((firstName === undefined && lastName === undefined) || !child) break;
          const next = { first_name: firstName ?? child.first_name, last_name: lastName ?? child.last_name };
          const name = joinFullName(next.first_name as string, next.last_name as string);
          children.patch(childId, { ...next, name });
          for (const task of tasksOf(childId)) tasks.patch(String(task.id), { child_name: name });
          break;
        }
        case 'CareRecipientRemoved':
          for (const task of tasksOf(event.data.childId)) tasks.delete(task);
          children.delete({ id: event.data.childId });
          break;
        case 'TaskScheduled': {
          const child = children.get(event.data.childId);
          if (!child) break;
          const row = columnsOf(em, DailyTaskEntity, scheduledRow(event.data, child.name as string));
          const before = tasks.get(event.data.taskId);
          tasks.put(before ? { ...before, ...row } : { ...columnsOf(em, DailyTaskEntity, {}, true), ...row });
          break;
        }
        case 'TaskCompleted': {
          const { taskId, notes, completedBy, completedAt } = event.data;
          tasks.patch(taskId, columnsOf(em, DailyTaskEntity, { status: 'completed', completedAt: new Date(completedAt), completedBy, notes, updatedAt: new Date(completedAt) }));
          break;
        }
        case 'TaskUncompleted':
          tasks.patch(event.data.taskId, columnsOf(em, DailyTaskEntity, { status: 'pending', completedAt: null, completedBy: null, notes: null, updatedAt: new Date(event.data.uncompletedAt) }));
          break;
        case 'TaskRemoved':
          tasks.delete({ id: event.data.taskId });
          break;
        case 'TaskUpdated':
        case 'AppointmentUpdated': {
          const { taskId, childId: _c, updatedBy: _by, updatedAt, ...changes } = event.data;
          tasks.patch(taskId, columnsOf(em, DailyTaskEntity, { ...columns(changes), updatedAt: new Date(updatedAt) }));
          break;
        }
        case 'TaskBecameUrgentOverdue':
          break;
      }
    }
    await children.flush(em);
    await tasks.flush(em);
  }
}
