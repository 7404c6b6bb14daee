import { useSyncExternalStore } from 'react';

/**
 * What a page the server rendered (src/server/render-home.tsx) was rendered with: the time, and
 * whether it was laid out for a phone. Set while the server renders it and before the browser
 * hydrates it, and read only while React renders for one of those two (a render for hydration takes
 * the server's snapshot of an external store: `useRenderedWith`, getServerSnapshot), so the browser's
 * first render gives the same HTML; any later render reads the clock and the screen.
 */
export interface RenderedWith {
  /** Milliseconds since the epoch. */
  now: number;
  phone: boolean;
  /** The reader's language (the request's Accept-Language), for dates written out in words. */
  locale?: string;
}

let current: RenderedWith | undefined;

export const renderedWith = (): RenderedWith | undefined => current;

export function setRenderedWith(value: RenderedWith | undefined): void {
  current = value;
}

/**
 * The locale dates are written in: the browser's own (undefined) in the browser; on the server, the
 * one the page's request asked for, which is the browser's own language.
 */
export const displayLocale = (): string | undefined => (typeof window === 'undefined' ? current?.locale : undefined);

const unchanging = () => () => undefined;

/** `renderedWith()` in a render that hydrates the server's HTML (or renders it on the server); undefined in any other. */
export function useRenderedWith(): RenderedWith | undefined {
  const hydrating = useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );
  return hydrating ? current : undefined;
}
