/**
 * Scheduling's published events: the stored event types that other modules' projections consume.
 * A leaf (it imports only scheduling's own domain/), so a module that scheduling depends on
 * (care-recipients' medication stock) reads them without an import cycle through index.ts.
 */
import type { TaskEvent } from './domain/task';

export { TASK_ROW_EVENTS, type TaskEvent } from './domain/task';
export type { TaskTemplateEvent } from './domain/task-template';
/** Stored type names of the task stream's events, for modules that react to them. */
export type TaskEventType = TaskEvent['type'];
