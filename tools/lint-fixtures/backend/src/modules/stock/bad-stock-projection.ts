// A cycle between modules through their index.ts: tasks imports stock, stock reads tasks' events.
import type { TaskEvent } from '../tasks';

export class StockProjection {
  readonly handles: TaskEvent['type'][] = ['TaskCompleted'];
}
