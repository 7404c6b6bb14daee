/**
 * Account > Data & Privacy (issue 24): Export My Data, a recipient's task history as CSV and the
 * adherence report for the family's doctor (docs/reports.md).
 */

/** What an export was: everything the user may see, or one recipient's history or adherence over a range. */
export type DataExportKind = 'everything' | 'task_history' | 'adherence';
export type DataExportFormat = 'json' | 'csv';

/** How a task of the range ended, for the history CSV and the adherence counts. */
export type TaskOutcome = 'on_time' | 'early' | 'late' | 'missed' | 'not_due' | 'removed';

export const TASK_OUTCOME_LABELS: Record<TaskOutcome, string> = {
  on_time: 'Given on time',
  early: 'Given early',
  late: 'Given late',
  missed: 'Missed',
  not_due: 'Not due yet',
  removed: 'Removed',
};

/** One medication's line of the adherence report: every dose scheduled in the range, by outcome. */
export interface AdherenceLine {
  /** The medication's id, or null for medication tasks that name none (grouped by task name). */
  medicationId: string | null;
  name: string;
  dosage: string | null;
  scheduled: number;
  onTime: number;
  early: number;
  late: number;
  missed: number;
  /** Pending doses whose time (plus the on-time grace) has not passed yet. */
  notDue: number;
  removed: number;
  /** Why doses were removed, most frequent first. */
  removedReasons: { reason: string; count: number }[];
}

export interface AdherenceReport {
  childId: string;
  childName: string;
  from: string;
  to: string;
  /** When the report was made: "missed" and "not due yet" are as of this instant. */
  generatedAt: string;
  medications: AdherenceLine[];
}

export const REPORT_TEXT = {
  fromRequired: 'Choose the first day of the report (from).',
  toRequired: 'Choose the last day of the report (to).',
  exportBusy: 'An export of yours is already being prepared. Try again when it has finished.',
  exportsBusy: 'Too many exports are being prepared right now. Try again in a minute.',
} as const;
