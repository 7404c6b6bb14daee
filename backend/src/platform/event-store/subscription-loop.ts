import type { Subscription } from './event-store';

/**
 * The part of a subscription both stores share: `deliver` runs until `isStopped()` answers true.
 * stop() makes it answer true, calls `wake` so that a loop waiting for events looks again, and
 * resolves once the loop and `cleanup` are done. An error the loop ends with resolves `failed`, unless
 * stop() came first (the port's rule: never on stop()). Until it ends the subscription is in `open`,
 * which the store's close() stops.
 */
export function runSubscription(
  open: Set<Subscription>,
  deliver: (isStopped: () => boolean) => Promise<void>,
  { wake, cleanup }: { wake: () => void; cleanup?: () => Promise<unknown> | void },
): Subscription {
  let stopped = false;
  let fail: (error: Error) => void = () => {};
  const failed = new Promise<Error>((resolve) => (fail = resolve));
  const done = deliver(() => stopped)
    .catch((error: unknown) => {
      if (!stopped) fail(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(async () => {
      open.delete(subscription);
      await cleanup?.();
    });
  const subscription: Subscription = {
    failed,
    stop: async () => {
      stopped = true;
      wake();
      await done;
    },
  };
  open.add(subscription);
  return subscription;
}
