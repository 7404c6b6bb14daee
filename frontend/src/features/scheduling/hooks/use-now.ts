import { useEffect, useState } from 'react';
import { useRenderedWith } from '../../../shared/server-render';

/**
 * The current time, refreshed every `intervalMs`: overdue badges appear without a reload. A page the
 * server rendered is hydrated at the time it was rendered, then moves to the clock's.
 */
export function useNow(intervalMs = 30_000): Date {
  const rendered = useRenderedWith();
  const [now, setNow] = useState(() => new Date(rendered?.now ?? Date.now()));
  useEffect(() => {
    setNow((shown) => (Date.now() - shown.getTime() > 1000 ? new Date() : shown));
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
