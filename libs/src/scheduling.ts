import type { Priority, TaskCategory } from './schema';

/** Appointment fields (spec document 2, section 3). Times are HH:MM in the care team's zone. */
export interface AppointmentDetails {
  type: AppointmentType;
  subtype: string | null;
  startTime: string;
  endTime: string;
  location: string | null;
  isTelemedicine: boolean;
  videoLink: string | null;
  attendees: string | null;
  /** Reminder offsets, e.g. ['24h', '2h']. */
  reminders: AppointmentReminder[];
  travelTime: number;
  prepTime: number;
}

export const APPOINTMENT_TYPES = ['doctor', 'school', 'personal_care', 'work', 'other'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];
export const APPOINTMENT_SUBTYPES: Record<AppointmentType, readonly string[]> = {
  doctor: ['pediatrician', 'specialist', 'dentist', 'therapy', 'checkup', 'urgent_care', 'other_medical'],
  school: ['iep_meeting', 'parent_teacher', 'school_admin', 'school_event', 'tutoring', 'other_school'],
  personal_care: ['grooming', 'wellness', 'fitness', 'other_personal'],
  work: ['meeting', 'presentation', 'training', 'other_work'],
  other: ['social', 'personal', 'family', 'other_misc'],
};
export const APPOINTMENT_REMINDERS = ['24h', '2h', '30m', '10m'] as const;
export type AppointmentReminder = (typeof APPOINTMENT_REMINDERS)[number];
export const DEFAULT_APPOINTMENT_REMINDERS: AppointmentReminder[] = ['24h', '2h'];

export const APPOINTMENT_MESSAGES = {
  typeRequired: 'Please select an appointment type.',
  dateRequired: 'Please select an appointment date.',
  timesRequired: 'Please set both start and end times.',
  endAfterStart: 'End time must be after start time.',
} as const;

export const REMOVE_TASK_REASON_REQUIRED = 'Reason Required: Please provide a reason for removing this task.';

/** A task as the API answers it. */
export interface Task {
  id: string;
  childId: string;
  childName: string;
  templateId: string | null;
  name: string;
  description: string | null;
  category: TaskCategory;
  /** pending or completed; overdue is derived (pending and past its time), see isOverdue. */
  status: 'pending' | 'completed';
  /** yyyy-mm-dd in the care team's time zone. */
  scheduledDate: string;
  /** The instant, ISO 8601 with offset. */
  scheduledTime: string;
  /** HH:MM in the care team's time zone. */
  localTime: string;
  timezone: string;
  completedAt: string | null;
  completedBy: string | null;
  completedByName: string | null;
  notes: string | null;
  isUrgent: boolean;
  priority: Priority;
  medicationId: string | null;
  imageUrl: string | null;
  timeSlot: string | null;
  taskGroupId: string | null;
  timeSpecificNotes: string | null;
  appointmentDetails: AppointmentDetails | null;
  isOverdue: boolean;
  isUrgentOverdue: boolean;
  /**
   * A repeating schedule's occurrence on a future day that is not materialised yet: shown so the day
   * reads as it will be, but it has no stream and cannot be completed until its day (its id is the
   * one materialisation will give it).
   */
  planned?: boolean;
}

export type RepeatPattern = 'daily' | 'weekly' | 'custom';
export const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type DayName = (typeof DAY_NAMES)[number];
export const REPEAT_INTERVAL_MIN = 1;
export const REPEAT_INTERVAL_MAX = 30;

export interface TaskTemplate {
  id: string;
  childId: string;
  name: string;
  templateName: string | null;
  category: TaskCategory;
  description: string | null;
  medicationId: string | null;
  isUrgent: boolean;
  priority: Priority;
  estimatedDuration: number | null;
  imageUrl: string | null;
  isRepeating: boolean;
  isTemplate: boolean;
  isActive: boolean;
  repeatPattern: RepeatPattern;
  repeatInterval: number;
  repeatStartDate: string | null;
  repeatEndDate: string | null;
  daysOfWeek: DayName[];
  scheduledTimes: string[];
  timeNotes: Record<string, string>;
  createdAt: string;
  /** Paused: no occurrences are made or planned until resumed. */
  isPaused: boolean;
  /** The date the schedule above applies from (null: since it was created). */
  effectiveFrom: string | null;
  /** Schedules that still apply before effectiveFrom, oldest first (each until the next one's from). */
  earlierVersions: TemplateVersion[];
}

/** The schedule fields of a template, as one version of it. */
export type TemplateSchedule = Omit<TaskTemplate, 'id' | 'childId' | 'isActive' | 'createdAt' | 'isPaused' | 'effectiveFrom' | 'earlierVersions'>;
export interface TemplateVersion {
  from: string | null;
  details: TemplateSchedule;
}

/** One entry of GET /api/tasks/{id}/history (DESIGN.md). */
export interface TaskHistoryEntry {
  type: string;
  data: Record<string, unknown>;
  actorId: string | null;
  actorName: string | null;
  occurredAt: string;
  /** Within its stream: the task's, or for `source: 'schedule'` its repeating schedule's. */
  revision: number;
  /** A change to the repeating schedule the task belongs to (changed, paused, resumed, stopped). */
  source?: 'schedule';
  /** A reminder or escalation step: the names of the caregivers it alerted, by user id. */
  alertedNames?: Record<string, string>;
}

export interface Progress {
  completionRate: number;
  /** Whole percentage of the day's tasks completed on time (completionTiming 'on_time'). */
  onTimeRate: number;
  /** Whole percentage of the day's tasks completed more than an hour early (not on time). */
  earlyRate: number;
  streak: number;
}

export interface Achievement {
  id: string;
  type: 'daily_completion' | 'weekly_streak' | 'monthly_consistency';
  title: string;
  description: string;
  earnedAt: string;
  completionRate: number | null;
  childId: string | null;
}

export interface AppNotification {
  id: string;
  taskId: string | null;
  /** The care recipient it is about (an urgent task's, an important care update's). */
  childId: string | null;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  sentAt: string;
  /** When this user acknowledged the alert (its escalation stops), or null. */
  acknowledgedAt: string | null;
}

/** "Already given by ... at ..." (the double-dose guard's 409 answer carries who and when). */
export interface TaskAlreadyCompleted {
  statusCode: 409;
  message: string;
  code: 'SCHEDULING.TASK_ALREADY_COMPLETED';
  completedBy: string | null;
  completedByName: string | null;
  completedAt: string;
}

/** Pending and past its time. */
export function isOverdue(task: Pick<Task, 'status' | 'scheduledTime'>, now: Date): boolean {
  return task.status === 'pending' && new Date(task.scheduledTime).getTime() < now.getTime();
}

/** Overdue first, then other pending, then completed; by time within each (spec document 2, section 4). */
export function compareTasks(now: Date) {
  // Each task's rank once per sort, not twice per comparison (a 62-day range sorts thousands).
  const ranks = new WeakMap<object, number>();
  const rank = (t: Pick<Task, 'status' | 'scheduledTime'>) => {
    let found = ranks.get(t);
    if (found === undefined) ranks.set(t, (found = isOverdue(t, now) ? 0 : t.status === 'pending' ? 1 : 2));
    return found;
  };
  return (a: Pick<Task, 'status' | 'scheduledTime' | 'name'>, b: Pick<Task, 'status' | 'scheduledTime' | 'name'>) =>
    rank(a) - rank(b) || a.scheduledTime.localeCompare(b.scheduledTime) || a.name.localeCompare(b.name);
}

/**
 * GET /api/calendar/status: whether an external calendar can be connected here, and whether it is.
 * `feedUrl` is always null here: the feed's secret URL is stored only as a hash and shown once, in the
 * answer of POST /api/calendar/feed-token; `feed` says whether a link exists and what it holds.
 */
export interface CalendarStatus {
  /** `needsReconnect`: connected, but Google refused the stored grant (withdrawn at Google): connect again. */
  google: { configured: boolean; available: boolean; connected: boolean; needsReconnect: boolean; lastSyncAt: string | null };
  feedUrl: string | null;
  feed: CalendarFeedInfo | null;
}

/** POST /api/calendar/sync: what changed in the user's Google calendar. */
export interface CalendarSyncResult {
  created: number;
  updated: number;
  deleted: number;
  lastSyncAt: string;
}

export interface CalendarFeedInfo {
  createdAt: string;
  includeMedications: boolean;
}

/** POST /api/calendar/feed-token: the new secret URL (the old one stops working). */
export interface CalendarFeedLink extends CalendarFeedInfo {
  url: string;
}

/** GET /api/calendar/upcoming?from: the pending appointments of 7 days from `from`, the first 5 of `total`. */
export interface UpcomingAppointmentsAnswer {
  items: Task[];
  total: number;
}

/** The iCal feed's window and bound (docs/calendar.md). */
export const CALENDAR_FEED = {
  /** Appointments from this many days back to this many ahead. */
  appointmentDaysBack: 30,
  appointmentDaysAhead: 180,
  /** Medication times, when chosen, over a shorter window (they are many a day). */
  medicationDaysBack: 7,
  medicationDaysAhead: 30,
  /** At most this many events in one feed, the earliest first. */
  maxEvents: 2000,
} as const;

/** Settings, Calendar: Upcoming Appointments, Next 7 days, at most 5 shown (spec document 1, section 9). */
export const UPCOMING_APPOINTMENTS = { days: 7, shown: 5 } as const;

export const CALENDAR_MESSAGES = {
  notConfigured: 'Calendar sync is not configured on this server',
  notAvailableYet: 'Google Calendar sync is not available in this version yet',
  feedNotFound: 'This calendar feed link does not work. Make a new link in Settings, Calendar.',
  noFeed: 'There is no calendar feed link to stop.',
  includeMedicationsInvalid: 'includeMedications must be true or false',
  invalidFrom: 'from must be a date written yyyy-mm-dd between 1900 and 2100',
  notConnected: 'Connect Google Calendar first.',
  invalidState: 'This Google Calendar sign-in link is not valid or has expired. Please connect again.',
  codeMissing: 'Google did not send an authorization code. Please connect again.',
  googleAnswerInvalid: 'Google did not give the access this app needs. Please connect again.',
  googleFailed: 'Google Calendar did not answer as expected. Please try again.',
  needsReconnect: 'Google no longer accepts this app’s access to your calendar (it was withdrawn at Google). Reconnect Google Calendar to keep your appointments there up to date.',
} as const;

/**
 * How Google's consent ended, as GET /api/calendar/callback sends the browser back
 * (`/settings?tab=calendar&google=<outcome>`), and what Settings, Calendar says about it.
 */
export const GOOGLE_CONNECT_OUTCOMES = {
  connected: { ok: true, title: 'Google Calendar Connected', description: 'Your appointments are copied to it and kept up to date.' },
  denied: { ok: false, title: 'Connection Cancelled', description: 'Google Calendar was not connected: access was not allowed at Google.' },
  invalid_state: { ok: false, title: 'Connection Failed', description: CALENDAR_MESSAGES.invalidState },
  code_missing: { ok: false, title: 'Connection Failed', description: CALENDAR_MESSAGES.codeMissing },
  code_refused: { ok: false, title: 'Connection Failed', description: CALENDAR_MESSAGES.googleAnswerInvalid },
  failed: { ok: false, title: 'Connection Failed', description: 'Failed to connect to Google Calendar. Please try again.' },
} as const;

export type GoogleConnectOutcome = keyof typeof GOOGLE_CONNECT_OUTCOMES;

export const isGoogleConnectOutcome = (value: unknown): value is GoogleConnectOutcome =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(GOOGLE_CONNECT_OUTCOMES, value);
