import type { EventStore } from '../platform/event-store/event-store';

/**
 * The number of events `readAll` shows once it shows at least `atLeast`. readAll stops below any
 * transaction still in flight (no gaps for subscribers), so events a test appended directly can stay
 * out of sight for a moment while a projection's transaction runs on a loaded machine.
 */
export async function settledEventCount(store: EventStore, atLeast: number, timeoutMs = 5000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const count = (await store.readAll(null)).length;
    if (count >= atLeast || Date.now() > deadline) return count;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
