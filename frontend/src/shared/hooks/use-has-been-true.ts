import { useState } from 'react';

/** Stays true once `value` has been true: keeps a lazily loaded dialog mounted so it can animate closed. */
export function useHasBeenTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
