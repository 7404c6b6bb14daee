import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, kept current as the window changes (read on the first render too). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Phone-sized screens: below antd's md breakpoint. */
export const PHONE_QUERY = '(max-width: 767px)';
