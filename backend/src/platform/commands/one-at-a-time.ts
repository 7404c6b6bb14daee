/**
 * Runs the tasks given for one key one after the other, in this process. A limit on a collection
 * that spans several streams (a recipient's schedules, a caregiver's recipients) is counted from a
 * read model and then appended to a new stream; two requests counting at the same moment would both
 * pass. Taking the key's turn first makes the count and the append one step per key: the next one
 * counts after the previous append has been projected (commands wait for their projections). Across
 * API processes each process still takes one turn at a time, so a limit can be passed by at most one
 * per further process, and only by requests racing to the same key at the same instant.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(task, task);
    const settled = current.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, settled);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    }
  }
}
