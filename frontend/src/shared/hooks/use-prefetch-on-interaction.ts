import { useEffect } from 'react';

type Loader = () => Promise<unknown>;

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Loads code that is likely needed soon (dialogs) when the user first touches, clicks or types on the
 * page: the first load carries none of it and leaves the network to the screen's own data, and a
 * dialog is usually loaded by the time its button is pressed (docs/performance.md).
 * `loaders` should be module-level constants: they run once per mount.
 */
export function usePrefetchOnInteraction(loaders: Loader[]): void {
  useEffect(() => {
    const stop = () => INTERACTIONS.forEach((type) => window.removeEventListener(type, run, true));
    function run() {
      stop();
      loaders.forEach((load) => void load().catch(() => undefined));
    }
    INTERACTIONS.forEach((type) => window.addEventListener(type, run, { capture: true, passive: true }));
    return stop;
  }, []);
}
