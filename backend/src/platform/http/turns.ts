import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one request's long work keeps the event loop before letting others in. */
const TURN_MS = 1;
/** Items sorted, or merged, between two looks at the clock. */
const RUN = 256;

/**
 * Long work inside one request (a range's planned tasks, a large answer's JSON) cut into turns of the
 * event loop of about a millisecond: every other request's next step waits at most that long for it,
 * however large the work. `if (turns.over) await turns.next();` between small pieces of the work.
 */
export class Turns {
  private began = performance.now();

  /** This turn has had its time: await next() before the next piece. */
  get over(): boolean {
    return performance.now() - this.began >= TURN_MS;
  }

  async next(): Promise<void> {
    await nextTurn();
    this.began = performance.now();
  }

  /**
   * `items` sorted by `compare` (stable, like Array.prototype.sort), in turns: runs of RUN items
   * sorted natively, then merged pairwise. Sorting 15,000 tasks at once holds the loop for 15 ms.
   */
  async sort<T>(items: readonly T[], compare: (a: T, b: T) => number): Promise<T[]> {
    let runs: T[][] = [];
    for (let from = 0; from < items.length; from += RUN) {
      if (this.over) await this.next();
      runs.push(items.slice(from, from + RUN).sort(compare));
    }
    while (runs.length > 1) {
      const merged: T[][] = [];
      for (let i = 0; i < runs.length; i += 2) merged.push(i + 1 < runs.length ? await this.merge(runs[i], runs[i + 1], compare) : runs[i]);
      runs = merged;
    }
    return runs[0] ?? [];
  }

  private async merge<T>(left: T[], right: T[], compare: (a: T, b: T) => number): Promise<T[]> {
    const out: T[] = [];
    let i = 0;
    let j = 0;
    while (i < left.length && j < right.length) {
      if (out.length % RUN === 0 && this.over) await this.next();
      out.push(compare(right[j], left[i]) < 0 ? right[j++] : left[i++]); // ties keep left first: stable
    }
    while (i < left.length) out.push(left[i++]);
    while (j < right.length) out.push(right[j++]);
    return out;
  }
}
