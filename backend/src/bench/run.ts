/**
 * `npm run bench` (after `nest build`): runs each benchmark in turn and prints its table.
 * A benchmark is an async function answering a BenchReport; add new ones to `benchmarks`.
 * BENCH_ONLY=event-store,tasks,rebuild,privacy,reminders,schedule-parser,scale-out,admin picks some
 * (scale-out starts the built server, dist/main.js, as processes of its own).
 */
import { adminBenchmark } from './admin.bench';
import { eventStoreBenchmark } from './event-store.bench';
import { privacyBenchmark } from './privacy.bench';
import { rebuildBenchmark } from './rebuild.bench';
import { remindersBenchmark } from './reminders.bench';
import type { BenchReport } from './report';
import { scaleOutBenchmark } from './scale-out.bench';
import { scheduleParserBenchmark } from './schedule-parser.bench';
import { tasksBenchmark } from './tasks.bench';

const benchmarks: Record<string, () => Promise<BenchReport>> = {
  'event-store': eventStoreBenchmark,
  tasks: tasksBenchmark,
  rebuild: rebuildBenchmark,
  privacy: privacyBenchmark,
  reminders: remindersBenchmark,
  'schedule-parser': scheduleParserBenchmark,
  'scale-out': scaleOutBenchmark,
  admin: adminBenchmark,
};

function printTable({ title, notes, columns, rows }: BenchReport): void {
  const widths = columns.map((column, i) => Math.max(column.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ');
  console.log(`\n${title}`);
  for (const note of notes) console.log(`  ${note}`);
  console.log(`\n${line(columns)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const row of rows) console.log(line(row));
}

/** BENCH_ONLY=tasks,rebuild runs some of them. */
async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? Object.keys(benchmarks);
  for (const name of only) {
    if (!benchmarks[name]) throw new Error(`unknown benchmark ${name}; choose from ${Object.keys(benchmarks).join(', ')}`);
    printTable(await benchmarks[name]());
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
