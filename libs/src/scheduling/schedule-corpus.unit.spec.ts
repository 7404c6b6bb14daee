import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSchedule } from './schedule-parser';

/**
 * The worked cases of corpus/schedule-texts.json (a copy of the shared corpus; SCHEDULE_CORPUS names
 * another file of the same shape) and our own in corpus/more-schedule-texts.json, checked by the
 * corpus's rule: a medication is found when a task's name contains the expected name
 * (case-insensitive) at each expected time; a dose, when given, must appear in the task's dosage or
 * description. Our cases may also expect as-needed items, end dates and "needs a name".
 */
interface Expected { name: string; dose?: string; times: string[]; durationDays?: number }
interface Case {
  text: string;
  expect: Expected[];
  asNeeded?: { name: string; dose?: string }[];
  needsName?: { dose: string; times: string[] }[];
}

const read = (file: string): Case[] => (JSON.parse(readFileSync(file, 'utf8')) as { cases: Case[] }).cases;
const corpus = read(process.env.SCHEDULE_CORPUS ?? join(__dirname, 'corpus/schedule-texts.json'));
const ours = read(join(__dirname, 'corpus/more-schedule-texts.json'));

const hasDose = (item: { dosage: string; description: string }, dose?: string) =>
  dose === undefined || item.dosage.includes(dose) || item.description.includes(dose);

function check({ text, expect: expected, asNeeded = [], needsName = [] }: Case): void {
  const parsed = parseSchedule(text, { startDate: '2025-03-01' });
  for (const medication of expected) {
    for (const time of medication.times) {
      const task = parsed.tasks.find((t) => t.time === time && t.name.toLowerCase().includes(medication.name.toLowerCase()) && hasDose(t, medication.dose));
      expect({ text, medication: medication.name, time, found: task !== undefined, tasks: parsed.tasks })
        .toMatchObject({ found: true });
      if (medication.durationDays !== undefined) {
        expect(task).toMatchObject({ durationDays: medication.durationDays });
      }
    }
  }
  for (const item of asNeeded) {
    expect({ text, asNeeded: item.name, found: parsed.asNeeded.some((a) => a.name.toLowerCase().includes(item.name.toLowerCase()) && hasDose(a, item.dose)) })
      .toMatchObject({ found: true });
  }
  for (const item of needsName) {
    for (const time of item.times) {
      expect(parsed.tasks.find((t) => t.time === time && t.needsName && t.dosage.includes(item.dose))).toMatchObject({ name: '' });
    }
  }
  // Nothing the text did not ask for: every scheduled task is an expected medication or a flagged one.
  const expectedNames = expected.map((m) => m.name.toLowerCase());
  for (const task of parsed.tasks) {
    expect({ text, task: task.name, expected: task.needsName || expectedNames.some((name) => task.name.toLowerCase().includes(name)) })
      .toMatchObject({ expected: true });
  }
}

describe('the shared corpus', () => {
  it.each(corpus.map((c) => [c.text, c] as const))('%s', (_text, c) => check(c));
});

describe('our further cases', () => {
  it('has at least 20', () => expect(ours.length).toBeGreaterThanOrEqual(20));
  it.each(ours.map((c) => [c.text, c] as const))('%s', (_text, c) => check(c));
});
