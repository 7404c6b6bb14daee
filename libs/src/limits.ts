/**
 * The most of each collection a family can grow (DESIGN.md, Bounds; the numbers and their reasons:
 * docs/validation.md). One past a limit is a 400 with its message, and nothing is recorded. The Care
 * Hub's lists keep theirs in care-hub.ts (CARE_HUB_LIMITS), care updates in care-updates.ts.
 */
export const FAMILY_LIMITS = {
  /** Times a day of one schedule (a repeating task, a saved template, or one task's times): hourly at most. */
  timesPerSchedule: 24,
  /** Active schedules of one care recipient: repeating tasks and saved templates (stopped ones do not count). A bulk approve makes one per reviewed time, up to BULK_TASKS_MAX (100). */
  schedulesPerRecipient: 100,
  /** Tasks stored for one recipient on one day (scheduled or moved there; a schedule's own occurrences are made regardless). */
  tasksPerRecipientPerDay: 300,
  /** Care recipients one caregiver adds (is the primary caregiver of). */
  recipientsPerCaregiver: 20,
} as const;

export const LIMIT_MESSAGES = {
  timesPerSchedule: `A schedule has at most ${FAMILY_LIMITS.timesPerSchedule} times a day.`,
  schedulesPerRecipient: `A care recipient has at most ${FAMILY_LIMITS.schedulesPerRecipient} schedules (repeating tasks and saved templates). Stop one to add another.`,
  tasksPerRecipientPerDay: `A care recipient has at most ${FAMILY_LIMITS.tasksPerRecipientPerDay} tasks a day.`,
  recipientsPerCaregiver: `A caregiver can add at most ${FAMILY_LIMITS.recipientsPerCaregiver} care recipients.`,
} as const;
