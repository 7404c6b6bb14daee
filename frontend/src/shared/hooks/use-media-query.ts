import { useSyncExternalStore } from 'react';
import { renderedWith } from '../server-render';

/**
 * Whether a CSS media query matches now, kept current as the window changes (read on the first render
 * too). A page the server rendered is hydrated as it was laid out there (phone or not, guessed from
 * the request), then follows the screen.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => query === PHONE_QUERY && renderedWith()?.phone === true,
  );
}

/** Phone-sized screens: below antd's md breakpoint. */
export const PHONE_QUERY = '(max-width: 767px)';
