import { formatClockTime, type NotificationType } from '@carecircle/libs';
import type { TaskReminder } from '../../scheduling';

/**
 * What an alert says, the same in the app, in a push and in an email: the recipient's first name, the
 * task's name and its time. Never the task's description or notes (medical details stay in the app).
 */
export interface AlertText {
  type: NotificationType;
  title: string;
  message: string;
}

const APPOINTMENT_WHEN = { '24h': 'tomorrow', '2h': 'in 2 hours', '30m': 'in 30 minutes', '10m': 'in 10 minutes' } as const;

export function reminderText(reminder: TaskReminder, task: { name: string; localTime: string }, firstName: string): AlertText {
  const time = formatClockTime(task.localTime);
  if (reminder.kind === 'medication') {
    return { type: 'medication_reminder', title: `Due at ${time}: ${task.name}`, message: `${firstName}'s "${task.name}" is due at ${time}.` };
  }
  return {
    type: 'appointment_reminder',
    title: `Appointment ${APPOINTMENT_WHEN[reminder.offset]}: ${task.name}`,
    message: `${firstName}'s appointment "${task.name}" is ${reminder.offset === '24h' ? 'tomorrow' : 'today'} at ${time}.`,
  };
}

/** Step 0 is the overdue alert itself; later steps say that nobody has done or acknowledged it yet. */
export function escalationText(step: number, task: { name: string; localTime: string }, firstName: string): AlertText {
  const time = formatClockTime(task.localTime);
  return step === 0
    ? { type: 'urgent_overdue', title: `Urgent task overdue: ${task.name}`, message: `${firstName}'s urgent task "${task.name}" was due at ${time} and is not done yet.` }
    : { type: 'escalation', title: `Still not done: ${task.name}`, message: `${firstName}'s urgent task "${task.name}" was due at ${time}. Nobody has done or acknowledged it yet.` };
}

/** An achievement (spec: "achievement notifications when goals are reached"): the recipient, what was reached, and when. */
export function achievementText(achievement: { title: string; description: string }, firstName: string): Pick<AlertText, 'title' | 'message'> {
  return { title: `${firstName}: ${achievement.title}`, message: `${achievement.description}. Well done!` };
}
