import { performance } from 'node:perf_hooks';
import { parseScheduleTextOrExplain } from '@carecircle/libs';
import type { BenchReport } from './report';

const ROUNDS = Number(process.env.BENCH_PARSER_ROUNDS ?? 500);

/** A 30-line schedule of the kinds the parser reads (issue 21: under 5 ms to parse). */
const THIRTY_LINES = [
  'Morning - Focalin 5mg, Vitamin C 250 mg / Dinner - Omega 3 1000mg',
  'Vitamin D3 1000 IU - 1 tab PO once daily with breakfast Mon/Wed/Fri',
  'Clobazam 10 mg tab - half a tablet PO at bedtime every other day',
  'Prednisolone 15 mg/5 mL: 10 mL once daily at 8:00 am x 3 days, then 5 mL daily x 3 days, then 2.5 mL daily x 3 days, then stop.',
  'Glycopyrrolate 1 mg/5 mL - 1.5 mL via GT TID (8am, 2pm, 8pm) for drooling',
  'Levetiracetam 100 mg/mL oral solution - give 2.5 mL by mouth twice daily',
  'Cath at 6am, 12pm, 6pm and 11pm',
  'Keppra 250 mg 8am/8pm',
  'Baclofen 5 mg 0800 and 2000',
  'Weekdays: Ritalin 10 mg at 7am',
  'Melatonin 3 mg at 8pm on weekends',
  'Methotrexate 10 mg once weekly on Sundays',
  'Ibuprofen 100 mg/5 mL - 5 mL every 6 hours as needed for pain',
  'Tylenol 160mg every 6 hours PRN fever',
  'Omeprazole 20 mg Mon-Fri before breakfast',
  'Insulin glargine 10 units at 9pm, Insulin lispro 2 units with meals',
  'Gabapentin 100 mg three times a day (7am, 3pm, 11pm)',
  'Amoxicillin 400 mg/5 mL - 6 mL twice a day for 1 week',
  'Zinc 10 mg every third day with lunch',
  'Tue/Thu/Sat: Chest PT at 4pm',
  'Suction and trach care every 6 hours from 6am to 12am',
  'Breakfast: Omeprazole 10 mg, Folic acid 400 mcg',
  'Bedtime: Clonidine 0.05 mg',
  'Topiramate 25mg: 1 tab in the morning, 2 tabs at night',
  'Albuterol 90 mcg/puff 2 puffs twice a day',
  'Fluticasone 50 mcg 1 spray each nostril once daily',
  'Lorazepam 0.5 mg - one and a half tablets at bedtime',
  'Miralax 1 capful in water every other day',
  'Enteral feeds every 3 hours 8am-8pm',
  'Shake well before use',
].join('\n');

/** The largest text the API takes (20,000 characters) in shapes that once cost more than their length. */
const HOSTILE: Record<string, string> = {
  'colons, 20,000 characters': '8am: '.repeat(4000),
  'commas, 20,000 characters': '1, '.repeat(6666),
  'connectors, 20,000 characters': 'at '.repeat(6666),
};

function timeParse(text: string, rounds: number): { p50: number; p99: number } {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    parseScheduleTextOrExplain(text, { startDate: '2026-03-01' });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(rounds / 2)], p99: times[Math.floor(rounds * 0.99)] };
}

/** Milliseconds to parse a realistic 30-line schedule, and the API's largest text in hostile shapes. */
export async function scheduleParserBenchmark(): Promise<BenchReport> {
  timeParse(THIRTY_LINES, 50); // warm-up
  const rows = [['30-line schedule', ...Object.values(timeParse(THIRTY_LINES, ROUNDS)).map((ms) => ms.toFixed(2))]];
  for (const [name, text] of Object.entries(HOSTILE)) rows.push([name, ...Object.values(timeParse(text, 10)).map((ms) => ms.toFixed(1))]);
  return {
    title: 'Schedule parser (libs, pure): milliseconds per parse',
    notes: [`${ROUNDS} parses of the 30-line schedule (goal: under 5 ms), 10 of each 20,000-character text (the API's limit).`],
    columns: ['text', 'p50 ms', 'p99 ms'],
    rows,
  };
}
