import { useState } from 'react';

/** The latest non-null value: lets a closing dialog keep showing what it was about while it animates out. */
export function useLastPresent<T>(value: T | null): T | null {
  const [last, setLast] = useState<T | null>(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
