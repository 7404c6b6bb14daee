/**
 * Reminders, alerts and how they reach people (issue 12; DESIGN.md, notifications, preferences,
 * escalation policy). Shared by the back end (validation, workers) and the front end (settings,
 * notification centre).
 */

/** In-app notification types (`notifications.type`). */
export const NOTIFICATION_TYPES = [
  'urgent_overdue',
  'care_update',
  'medication_reminder',
  'appointment_reminder',
  'escalation',
  'refill_reminder',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Medication reminders come 15 minutes before the scheduled time (spec document 3, section 9). */
export const MEDICATION_REMINDER_LEAD_MINUTES = 15;

/** Where an alert can go. */
export const NOTIFICATION_CHANNELS = ['push', 'email', 'in_app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Who a step of the escalation chain alerts. */
export const ESCALATION_AUDIENCES = ['primary', 'secondary_caregivers', 'emergency_contacts'] as const;
export type EscalationAudience = (typeof ESCALATION_AUDIENCES)[number];

export interface EscalationStep {
  /** Minutes after the task's time (0 = at the time). */
  afterMinutes: number;
  notify: EscalationAudience;
  channels: NotificationChannel[];
}

/** Per family (stored for the primary caregiver); applies to urgent tasks only. */
export interface EscalationPolicy {
  steps: EscalationStep[];
}

export const ESCALATION_LIMITS = { maxSteps: 5, maxAfterMinutes: 24 * 60 } as const;

/** The default chain: primary at due time, secondary caregivers after 15 minutes, emergency contacts by email after 45. */
export const DEFAULT_ESCALATION_POLICY: EscalationPolicy = {
  steps: [
    { afterMinutes: 0, notify: 'primary', channels: ['push', 'email', 'in_app'] },
    { afterMinutes: 15, notify: 'secondary_caregivers', channels: ['push', 'email', 'in_app'] },
    { afterMinutes: 45, notify: 'emergency_contacts', channels: ['email'] },
  ],
};

/** Quiet hours, HH:MM in the care team's zone; may wrap midnight (22:00-07:00). Only urgent alerts are sent during them. */
export interface QuietHours {
  start: string;
  end: string;
}

/** GET/PUT /api/user/notification-preferences: the Account tab's three checkboxes (all on by default) and quiet hours. */
export interface NotificationPreferences {
  emailOverdue: boolean;
  emailAchievements: boolean;
  pushReminders: boolean;
  quietHours: QuietHours | null;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailOverdue: true,
  emailAchievements: true,
  pushReminders: true,
  quietHours: null,
};

/** Whether `localTime` (HH:MM) falls within quiet hours (start inclusive, end exclusive; wraps midnight). */
export function inQuietHours(quietHours: QuietHours | null, localTime: string): boolean {
  if (!quietHours || quietHours.start === quietHours.end) return false;
  const { start, end } = quietHours;
  return start < end ? localTime >= start && localTime < end : localTime >= start || localTime < end;
}

/**
 * What a web push carries (the service worker shows it): the recipient's name, the task and its
 * time, never medical notes. `url` is a same-origin path the click opens (`/tasks/{taskId}`).
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** Replaces an earlier notification with the same tag (one per task and kind). */
  tag?: string;
  /** Same-origin image (overdue alerts with photo thumbnails; the Test notification). */
  image?: string;
}

/** The front-end route a notification about a task opens (the notification centre, a push click). */
export const taskPath = (taskId: string) => `/tasks/${taskId}`;
