import { useEffect, useState } from 'react';

/** The time now, renewed every `everyMs`: what a screen recomputes on a clock reads from it. */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
