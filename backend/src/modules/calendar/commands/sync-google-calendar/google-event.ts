import { createHash } from 'node:crypto';
import type { calendar_v3 } from '@googleapis/calendar';
import type { Task } from '@carecircle/libs';

const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
};

/** The Google event an appointment is written as: "Recipient: name", its times, its place. */
export function googleEventOf(task: Task): calendar_v3.Schema$Event {
  const details = task.appointmentDetails;
  const start = new Date(task.scheduledTime);
  const minutes = details?.startTime && details.endTime ? minutesOf(details.endTime) - minutesOf(details.startTime) : 0;
  const end = new Date(start.getTime() + (minutes > 0 ? minutes : 60) * 60_000);
  const where = details?.isTelemedicine ? (details.videoLink ?? 'Telehealth visit') : (details?.location ?? null);
  return {
    summary: `${task.childName}: ${task.name}`,
    description: task.description ?? null,
    location: where,
    start: { dateTime: start.toISOString(), timeZone: task.timezone },
    end: { dateTime: end.toISOString(), timeZone: task.timezone },
  };
}

/** What changes when the event would be written differently. */
export const fingerprintOf = (event: calendar_v3.Schema$Event): string => createHash('sha256').update(JSON.stringify(event)).digest('hex');
