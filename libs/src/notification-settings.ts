/**
 * The rules of the Account tab's notification settings (issue 12; docs/notifications.md,
 * "Preferences and escalation policy"): what a PUT of /api/user/notification-preferences or
 * /api/user/escalation-policy may hold. One definition for the server (the decider refuses anything
 * else before an event is recorded) and the settings screen (which says what is wrong before Save).
 */
import {
  ESCALATION_AUDIENCES,
  ESCALATION_LIMITS,
  NOTIFICATION_CHANNELS,
  type EscalationAudience,
  type EscalationPolicy,
  type EscalationStep,
  type NotificationChannel,
  type NotificationPreferences,
  type QuietHours,
} from './notifications';
import { isLocalTime } from './scheduling/local-time';

export const NOTIFICATION_SETTINGS_MESSAGES = {
  notObject: 'The settings must be a JSON object',
  notBoolean: (field: string) => `${field} must be true or false`,
  unknownProperty: (field: string) => `${field} is not a setting that can be changed`,
  quietHours: 'quietHours must be null (off) or an object with start and end',
  quietHoursTime: (field: string) => `quietHours.${field} must be a time from 00:00 to 23:59 (HH:MM)`,
  quietHoursSame: 'Quiet hours must start and end at different times',
  steps: `An escalation policy has 1 to ${ESCALATION_LIMITS.maxSteps} steps`,
  step: 'Each step must be an object with afterMinutes, notify and channels',
  afterMinutes: `afterMinutes must be a whole number of minutes from 0 to ${ESCALATION_LIMITS.maxAfterMinutes}`,
  increasing: 'Each step must come later than the step before it',
  notify: `notify must be one of ${ESCALATION_AUDIENCES.join(', ')}`,
  channels: `channels must list at least one of ${NOTIFICATION_CHANNELS.join(', ')}, each once`,
  emergencyByEmail: 'Emergency contacts have no account: they can only be reached by email',
  primaryOnly: 'Only the primary caregiver can change the escalation policy',
} as const;

/** Quiet hours' helper text on the Account tab. */
export const QUIET_HOURS_HELP = 'Only urgent alerts are sent during quiet hours';

export interface SettingsProblem {
  /** The field as validation errors name it: `quietHours.start`, `steps.1.channels`. */
  field: string;
  message: string;
}

export type SettingsReading<T> = { value: T; problem: null } | { value: null; problem: SettingsProblem };

const PREFERENCE_FLAGS = ['emailOverdue', 'emailAchievements', 'pushReminders'] as const;
const STEP_KEYS = ['afterMinutes', 'notify', 'channels'] as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const fail = (field: string, message: string): SettingsReading<never> => ({ value: null, problem: { field, message } });
const unknownKey = (value: Record<string, unknown>, known: readonly string[]) => Object.keys(value).find((key) => !known.includes(key));

function readQuietHours(value: unknown): SettingsReading<QuietHours | null> {
  if (value === undefined || value === null) return { value: null, problem: null };
  if (!isPlainObject(value)) return fail('quietHours', NOTIFICATION_SETTINGS_MESSAGES.quietHours);
  const extra = unknownKey(value, ['start', 'end']);
  if (extra !== undefined) return fail(`quietHours.${extra}`, NOTIFICATION_SETTINGS_MESSAGES.unknownProperty(`quietHours.${extra}`));
  for (const field of ['start', 'end'] as const) {
    if (!isLocalTime(value[field])) return fail(`quietHours.${field}`, NOTIFICATION_SETTINGS_MESSAGES.quietHoursTime(field));
  }
  const quietHours = { start: value.start as string, end: value.end as string };
  if (quietHours.start === quietHours.end) return fail('quietHours.end', NOTIFICATION_SETTINGS_MESSAGES.quietHoursSame);
  return { value: quietHours, problem: null };
}

/**
 * A whole replacement of a user's preferences: the three flags as booleans (all required), quiet
 * hours null, absent (off) or `{start, end}` as HH:MM from 00:00 to 23:59 with start != end (it may
 * wrap midnight). Properties it does not know are refused, not dropped.
 */
export function readNotificationPreferences(input: unknown): SettingsReading<NotificationPreferences> {
  if (!isPlainObject(input)) return fail('body', NOTIFICATION_SETTINGS_MESSAGES.notObject);
  const extra = unknownKey(input, [...PREFERENCE_FLAGS, 'quietHours']);
  if (extra !== undefined) return fail(extra, NOTIFICATION_SETTINGS_MESSAGES.unknownProperty(extra));
  for (const flag of PREFERENCE_FLAGS) {
    if (typeof input[flag] !== 'boolean') return fail(flag, NOTIFICATION_SETTINGS_MESSAGES.notBoolean(flag));
  }
  const quietHours = readQuietHours(input.quietHours);
  if (quietHours.problem) return quietHours;
  return {
    value: {
      emailOverdue: input.emailOverdue as boolean,
      emailAchievements: input.emailAchievements as boolean,
      pushReminders: input.pushReminders as boolean,
      quietHours: quietHours.value,
    },
    problem: null,
  };
}

function readStep(value: unknown, index: number, previous: EscalationStep | undefined): SettingsReading<EscalationStep> {
  const at = (field: string) => `steps.${index}.${field}`;
  if (!isPlainObject(value)) return fail(`steps.${index}`, NOTIFICATION_SETTINGS_MESSAGES.step);
  const extra = unknownKey(value, STEP_KEYS);
  if (extra !== undefined) return fail(at(extra), NOTIFICATION_SETTINGS_MESSAGES.unknownProperty(at(extra)));
  const { afterMinutes, notify, channels } = value;
  if (typeof afterMinutes !== 'number' || !Number.isInteger(afterMinutes) || afterMinutes < 0 || afterMinutes > ESCALATION_LIMITS.maxAfterMinutes) {
    return fail(at('afterMinutes'), NOTIFICATION_SETTINGS_MESSAGES.afterMinutes);
  }
  if (previous && afterMinutes <= previous.afterMinutes) return fail(at('afterMinutes'), NOTIFICATION_SETTINGS_MESSAGES.increasing);
  if (!(ESCALATION_AUDIENCES as readonly unknown[]).includes(notify)) return fail(at('notify'), NOTIFICATION_SETTINGS_MESSAGES.notify);
  if (
    !Array.isArray(channels) ||
    channels.length === 0 ||
    channels.some((channel) => !(NOTIFICATION_CHANNELS as readonly unknown[]).includes(channel)) ||
    new Set(channels).size !== channels.length
  ) {
    return fail(at('channels'), NOTIFICATION_SETTINGS_MESSAGES.channels);
  }
  if (notify === 'emergency_contacts' && (channels.length !== 1 || channels[0] !== 'email')) {
    return fail(at('channels'), NOTIFICATION_SETTINGS_MESSAGES.emergencyByEmail);
  }
  return { value: { afterMinutes, notify: notify as EscalationAudience, channels: [...(channels as NotificationChannel[])] }, problem: null };
}

/**
 * A whole replacement of a family's escalation policy: 1 to ESCALATION_LIMITS.maxSteps steps,
 * afterMinutes whole numbers 0..maxAfterMinutes strictly increasing, notify and channels from their
 * lists, channels non-empty without repeats, emergency contacts by email only. Properties it does
 * not know are refused. Channels keep their given order.
 */
export function readEscalationPolicy(input: unknown): SettingsReading<EscalationPolicy> {
  if (!isPlainObject(input)) return fail('body', NOTIFICATION_SETTINGS_MESSAGES.notObject);
  const extra = unknownKey(input, ['steps']);
  if (extra !== undefined) return fail(extra, NOTIFICATION_SETTINGS_MESSAGES.unknownProperty(extra));
  const { steps } = input;
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > ESCALATION_LIMITS.maxSteps) return fail('steps', NOTIFICATION_SETTINGS_MESSAGES.steps);
  const read: EscalationStep[] = [];
  for (const [index, step] of steps.entries()) {
    const reading = readStep(step, index, read[index - 1]);
    if (reading.problem) return reading;
    read.push(reading.value);
  }
  return { value: { steps: read }, problem: null };
}

/** Same preferences (quiet hours compared by value). */
export function samePreferences(a: NotificationPreferences, b: NotificationPreferences): boolean {
  return (
    a.emailOverdue === b.emailOverdue &&
    a.emailAchievements === b.emailAchievements &&
    a.pushReminders === b.pushReminders &&
    a.quietHours?.start === b.quietHours?.start &&
    a.quietHours?.end === b.quietHours?.end
  );
}

/** Same steps in the same order, each with the same channels in the same order. */
export function samePolicy(a: EscalationPolicy, b: EscalationPolicy): boolean {
  return (
    a.steps.length === b.steps.length &&
    a.steps.every((step, i) => {
      const other = b.steps[i];
      return step.afterMinutes === other.afterMinutes && step.notify === other.notify && step.channels.join() === other.channels.join();
    })
  );
}
