import { StockProjection } from '../stock';

export type TaskEvent = { type: 'TaskCompleted'; data: { taskId: string } };

export function completeTask(taskId: string): TaskEvent {
  return { type: new StockProjection().handles[0], data: { taskId } };
}
