import { useEffect, useState } from 'react';

/** How long typing pauses before a list is asked again. */
export const SEARCH_PAUSE_MS = 300;

/**
 * A search box's text as typed, and what to search for: the trimmed text once typing has paused for
 * SEARCH_PAUSE_MS, so the list is asked again then, not at every key.
 */
export function usePausedSearch(): { typed: string; setTyped: (text: string) => void; search: string } {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, search };
}
