import { useEffect, useState } from 'react';

/** How long typing pauses before a list is asked again. */
export const SEARCH_PAUSE_MS = 300;

/**
 * A searchable list read in cursor pages: the search box's text as typed, what to search for (the
 * trimmed text once typing has paused for SEARCH_PAUSE_MS, so the list is asked again then, not at
 * every key), and the pages shown for that search (the first alone once the search changes).
 */
export function usePausedSearch(): {
  typed: string;
  setTyped: (text: string) => void;
  search: string;
  /** The pages' cursors, `undefined` for the first. */
  cursors: (string | undefined)[];
  /** Shows the page after the last one. */
  more: (next: string) => void;
} {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState<{ search: string; cursors: (string | undefined)[] }>({ search: '', cursors: [undefined] });
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const cursors = paging.search === search ? paging.cursors : [undefined];
  return { typed, setTyped, search, cursors, more: (next) => setPaging({ search, cursors: [...cursors, next] }) };
}
