import type { User } from '@carecircle/libs';
import { useEffect, useRef } from 'react';
import { detectTimeZone } from '../../../shared/formatting/time-zone';
import { useUpdateTimezoneMutation } from '../../../app/base-api';

/** Once signed in, stores the browser's time zone when it differs from the profile's (spec document 1, section 4).
 * The mutation invalidates the user, which refetches it. A failure shows no toast (spec). */
export function useTimezoneSync(user: User | undefined): void {
  const [updateTimezone] = useUpdateTimezoneMutation();
  const attempted = useRef<string | null>(null);

  useEffect(() => {
    if (!user) return;
    const detected = detectTimeZone();
    if (user.timezone === detected) return;
    const attempt = `${user.id}:${detected}`;
    if (attempted.current === attempt) return;
    attempted.current = attempt;
    updateTimezone({ timezone: detected })
      .unwrap()
      .catch((error: unknown) => console.warn('Could not update the time zone.', error));
  }, [user, updateTimezone]);
}
