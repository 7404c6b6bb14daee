/** What a benchmark answers; `run.ts` prints it as a table. */
export interface BenchReport {
  title: string;
  /** Lines printed under the title: what was measured, and anything that could not be. */
  notes: string[];
  columns: string[];
  rows: string[][];
}
