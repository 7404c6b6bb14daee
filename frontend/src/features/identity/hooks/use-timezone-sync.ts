import type { User } from '@carecircle/libs';
import { useEffect, useRef } from 'react';
import { detectTimeZone } from '../../../shared/formatting/time-zone';
import { useUpdateTimezoneMutation } from '../../../app/base-api';

/** Per user: the browser time zone this browser last told the server (or found already stored). */
const reportedKey = (userId: string) => `cc.timezone-reported.${userId}`;

function reportedZone(userId: string): string | null {
  try {
    return window.localStorage.getItem(reportedKey(userId));
  } catch {
    return null; // storage blocked: the sync runs once per page load instead
  }
}

function rememberReported(userId: string, zone: string): void {
  try {
    window.localStorage.setItem(reportedKey(userId), zone);
  } catch {
    // storage blocked: nothing to remember
  }
}

/**
 * Once signed in, stores the browser's time zone when it differs from the profile's (spec document 1,
 * section 4), once per browser and browser zone: on a browser's first visit, and when its own zone
 * changes (a trip). A zone the user then chooses on the Profile tab stays until the browser's zone
 * changes; syncing on every load put the browser's zone back over it at once. The mutation
 * invalidates the user, which refetches it. A failure shows no toast (spec).
 */
export function useTimezoneSync(user: User | undefined): void {
  const [updateTimezone] = useUpdateTimezoneMutation();
  const attempted = useRef<string | null>(null);

  useEffect(() => {
    if (!user) return;
    const sync = () => {
      const detected = detectTimeZone();
      if (reportedZone(user.id) === detected) return;
      if (user.timezone === detected) return rememberReported(user.id, detected);
      const attempt = `${user.id}:${detected}`;
      if (attempted.current === attempt) return;
      attempted.current = attempt;
      updateTimezone({ timezone: detected })
        .unwrap()
        .then(() => rememberReported(user.id, detected))
        .catch((error: unknown) => console.warn('Could not update the time zone.', error));
    };
    // In a task of its own: the browser's first zone lookup costs some 50 ms on a slow phone, which
    // would otherwise lengthen the task that takes a server-rendered Today over (docs/performance.md, issue 27).
    const later = window.setTimeout(sync);
    return () => window.clearTimeout(later);
  }, [user, updateTimezone]);
}
