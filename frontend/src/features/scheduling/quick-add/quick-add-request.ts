import type { Task } from '@carecircle/libs';

/** What the quick-add dialog is opened for. */
export type QuickAddRequest =
  | { kind: 'task'; childId?: string; title?: string }
  | { kind: 'appointment'; childId?: string; title?: string }
  /** Edit a task, or an appointment (category appointment). */
  | { kind: 'edit'; task: Task; title?: string };
