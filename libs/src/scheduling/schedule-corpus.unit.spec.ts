import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DAY_NAMES } from '../scheduling';
import { addDays } from './local-time';
import { parseSchedule, type ParsedScheduleTask } from './schedule-parser';

/**
 * The worked cases of corpus/schedule-texts.json (a copy of the shared corpus; SCHEDULE_CORPUS names
 * another file of the same shape) and our own in corpus/more-schedule-texts.json, checked by the
 * corpus's rule: a medication is found when a task's name contains the expected name
 * (case-insensitive) at each expected time; a dose, when given, must appear in the task's dosage or
 * description (alternatives separated by |), notDose never in its dosage; days, interval and
 * start/end offsets (from the parse's startDate), when given, must be the task's. Our cases may
 * also expect as-needed items, needs-review flags and "needs a name".
 */
interface Expected {
  name: string;
  dose?: string;
  notDose?: string;
  times: string[];
  days?: string[];
  interval?: number;
  startOffset?: number;
  endOffset?: number;
  needsReview?: boolean;
}
interface Case {
  text: string;
  expect: Expected[];
  asNeeded?: { name: string; dose?: string }[];
  needsName?: { dose: string; times: string[] }[];
}

const START = '2025-03-01';
const read = (file: string): Case[] => (JSON.parse(readFileSync(file, 'utf8')) as { cases: Case[] }).cases;
const corpus = read(process.env.SCHEDULE_CORPUS ?? join(__dirname, 'corpus/schedule-texts.json'));
const ours = read(join(__dirname, 'corpus/more-schedule-texts.json'));

const hasDose = (item: { dosage: string; description: string }, dose?: string) =>
  dose === undefined || dose.split('|').some((d) => item.dosage.includes(d) || item.description.includes(d));
const sameDays = (task: ParsedScheduleTask, days?: string[]) =>
  [...(task.daysOfWeek ?? DAY_NAMES)].sort().join() === [...(days ?? DAY_NAMES)].sort().join();

/** Whether `task` is `medication` at `time`, with everything the case says of it. */
function matches(task: ParsedScheduleTask, medication: Expected, time: string): boolean {
  return task.time === time
    && task.name.toLowerCase().includes(medication.name.toLowerCase())
    && hasDose(task, medication.dose)
    && (medication.notDose === undefined || !task.dosage.includes(medication.notDose))
    && sameDays(task, medication.days)
    && (task.repeatInterval ?? 1) === (medication.interval ?? 1)
    && (medication.startOffset === undefined || (task.startDate ?? START) === addDays(START, medication.startOffset))
    && (medication.endOffset === undefined || task.endDate === addDays(START, medication.endOffset))
    && (medication.needsReview === undefined || (task.needsReview ?? false) === medication.needsReview);
}

function check({ text, expect: expected, asNeeded = [], needsName = [] }: Case): void {
  const parsed = parseSchedule(text, { startDate: START });
  for (const medication of expected) {
    for (const time of medication.times) {
      const found = parsed.tasks.some((t) => matches(t, medication, time));
      expect({ text, medication, time, found, tasks: parsed.tasks }).toMatchObject({ found: true });
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
  // Nothing the text did not ask for: every scheduled task is an expected one (a step of a taper
  // counts once) or a flagged one without a name.
  const spurious = parsed.tasks.filter((task) => !task.needsName && !expected.some((m) => m.times.some((time) => matches(task, m, time))));
  expect({ text, spurious }).toEqual({ text, spurious: [] });
}

describe('the shared corpus', () => {
  it.each(corpus.map((c) => [c.text, c] as const))('%s', (_text, c) => check(c));
});

describe('our further cases', () => {
  it('has at least 60', () => expect(ours.length).toBeGreaterThanOrEqual(60));
  it.each(ours.map((c) => [c.text, c] as const))('%s', (_text, c) => check(c));
});
