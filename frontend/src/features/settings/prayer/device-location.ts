import { useEffect, useState } from 'react';
import type { PrayerSettingsChange } from './prayer-api';
import { DEFAULT_PRAYER_LOCATION, GEOLOCATION_UNSUPPORTED, LOCATION_UNAVAILABLE, storedCoordinates, type Coordinates } from './prayer-day';

/** Where the times are computed: the device's position, or the default one and why. */
export type PrayerLocation = { coordinates: Coordinates; isDefault: false } | { coordinates: Coordinates; isDefault: true; message: string };

const LOCATION_TIMEOUT_MS = 10_000;
const LOCATION_MAX_AGE_MS = 10 * 60_000;

/** The device's position, once (the browser asks the caregiver the first time); the default location when there is none. */
export function locateDevice(): Promise<PrayerLocation> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    return Promise.resolve({ coordinates: DEFAULT_PRAYER_LOCATION, isDefault: true, message: GEOLOCATION_UNSUPPORTED });
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ coordinates: { latitude: coords.latitude, longitude: coords.longitude }, isDefault: false }),
      // Denied, unavailable or too slow: 'Could not get location' (spec document 2, section 8), and the default.
      () => resolve({ coordinates: DEFAULT_PRAYER_LOCATION, isDefault: true, message: LOCATION_UNAVAILABLE }),
      { timeout: LOCATION_TIMEOUT_MS, maximumAge: LOCATION_MAX_AGE_MS },
    );
  });
}

/**
 * The location for prayer times: the user's stored location when there is one, else the device's,
 * else the default. Undefined while the device is still being asked.
 */
export function usePrayerLocation(storedLatitude: string | null, storedLongitude: string | null): PrayerLocation | undefined {
  const stored = storedCoordinates(storedLatitude, storedLongitude);
  const [located, setLocated] = useState<PrayerLocation>();
  const hasStored = stored !== null;
  useEffect(() => {
    if (hasStored) return;
    let current = true;
    void locateDevice().then((location) => current && setLocated(location));
    return () => {
      current = false;
    };
  }, [hasStored]);
  return stored ? { coordinates: stored, isDefault: false } : located;
}

/**
 * What Enable sends: the device's position with it when there is one, so the server computes the
 * prayer tasks there (PATCH /api/user/prayer-settings, docs/prayer-tasks.md); otherwise the default.
 */
export function enablePrayerTasksChange(location: PrayerLocation): PrayerSettingsChange {
  return location.isDefault ? { enablePrayerTasks: true } : { enablePrayerTasks: true, ...location.coordinates };
}
