import { useEffect } from 'react';

type Loader = () => Promise<unknown>;

/** Loads code that is likely needed soon (e.g. dialogs) once the browser is idle, so it opens instantly. */
/** `loaders` should be module-level constants: they run once per mount. */
export function useIdlePrefetch(loaders: Loader[]): void {
  useEffect(() => {
    const run = () => loaders.forEach((load) => void load().catch(() => undefined));
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(run, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(run, 1500);
    return () => clearTimeout(timer);
  }, []);
}
