import ical from 'ical-generator';
import type { Task } from '@carecircle/libs';

/** Length of an event without an end time: an appointment an hour, a medication time a quarter. */
const DEFAULT_MINUTES = { appointment: 60, medication: 15 } as const;

const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
};

function durationMinutes(task: Task): number {
  const details = task.appointmentDetails;
  if (details?.startTime && details.endTime) {
    const minutes = minutesOf(details.endTime) - minutesOf(details.startTime);
    if (minutes > 0) return minutes;
  }
  return task.category === 'medication' ? DEFAULT_MINUTES.medication : DEFAULT_MINUTES.appointment;
}

/**
 * The feed's text (RFC 5545, written by ical-generator): one event per task, its id the task's id (so
 * a calendar updates it in place), times in UTC, the summary "Recipient: name".
 */
export function icalFeed(tasks: Task[], host: string): string {
  const calendar = ical({ name: 'CareCircle', prodId: { company: 'CareCircle', product: 'Calendar feed', language: 'EN' }, ttl: 60 * 60 });
  for (const task of tasks) {
    const start = new Date(task.scheduledTime);
    const details = task.appointmentDetails;
    const where = details?.isTelemedicine ? (details.videoLink ?? 'Telehealth visit') : details?.location;
    calendar.createEvent({
      id: `${task.id}@${host}`,
      start,
      end: new Date(start.getTime() + durationMinutes(task) * 60_000),
      summary: `${task.childName}: ${task.name}`,
      description: task.description ?? undefined,
      location: where ?? undefined,
      categories: [{ name: task.category === 'medication' ? 'MEDICATION' : 'APPOINTMENT' }],
    });
  }
  return calendar.toString();
}
