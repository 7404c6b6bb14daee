/**
 * `npm run bench` (after `nest build`): runs each benchmark in turn and prints its table.
 * A benchmark is an async function answering a BenchReport; add new ones to `benchmarks`.
 */
import { eventStoreBenchmark } from './event-store.bench';
import { tasksBenchmark } from './tasks.bench';

export interface BenchReport {
  title: string;
  /** Lines printed under the title: what was measured, and anything that could not be. */
  notes: string[];
  columns: string[];
  rows: string[][];
}

const benchmarks: Array<() => Promise<BenchReport>> = [eventStoreBenchmark, tasksBenchmark];

function printTable({ title, notes, columns, rows }: BenchReport): void {
  const widths = columns.map((column, i) => Math.max(column.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ');
  console.log(`\n${title}`);
  for (const note of notes) console.log(`  ${note}`);
  console.log(`\n${line(columns)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  for (const benchmark of benchmarks) printTable(await benchmark());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
