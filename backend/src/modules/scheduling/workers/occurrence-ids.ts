import { hash } from 'node:crypto';
import type { TaskTemplate } from '@carecircle/libs';
import { occursOn, templateOn } from '../domain/template-occurrence';

/**
 * Name-based UUID, version 5 (RFC 9562, section 5.5): SHA-1 of the namespace's 16 bytes and the
 * name, version and variant bits set. Pure: the same namespace and name always give the same id.
 */
export function uuidv5(name: string, namespace: string): string {
  // One-shot hash(): a third cheaper than createHash() (a 62-day range view names 14,880 occurrences).
  const digest = hash('sha1', Buffer.concat([Buffer.from(namespace.replace(/-/g, ''), 'hex'), Buffer.from(name, 'utf8')]), 'buffer');
  digest[6] = (digest[6] & 0x0f) | 0x50;
  digest[8] = (digest[8] & 0x3f) | 0x80;
  const hex = digest.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** CareCircle's namespace for template occurrences (a fixed random v4 id; never change it). */
export const OCCURRENCE_NAMESPACE = '6f0c5a8e-3d1b-4c7a-9e52-1b8f4d2a7c90';

/**
 * The task id of a template's occurrence on a date at a time. Materialising the same day again
 * names the same task streams, and ScheduleTask records nothing for a task that already exists:
 * no duplicates, whichever process or retry gets there.
 */
export const occurrenceTaskId = (templateId: string, date: string, time: string): string =>
  uuidv5(`${templateId}/${date}/${time}`, OCCURRENCE_NAMESPACE);

/**
 * The template's occurrences on a care-team date, following the version in force that day: one per
 * scheduled time, or none, each with its task id, and the template as it applies that day. Ids are
 * derived here, for the materialiser and the planned view, not in domain/ (which reads no hash,
 * clock or random source): ScheduleTask receives the id like any other.
 */
export function occurrencesOn(template: TaskTemplate, date: string): { taskId: string; date: string; time: string; template: TaskTemplate }[] {
  const version = templateOn(template, date);
  if (!occursOn(version, date)) return [];
  return version.scheduledTimes.map((time) => ({ taskId: occurrenceTaskId(template.id, date, time), date, time, template: version }));
}
