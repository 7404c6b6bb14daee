import { ReloadOutlined } from '@ant-design/icons';
import type { User } from '@carecircle/libs';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button } from 'antd';
import { useState } from 'react';
import { zoneOrBrowser } from '../../../shared/formatting/time-zone';
import { LoadError } from '../../../shared/ui/load-error';
import { timezoneLabel } from '../profile-values';
import { usePrayerLocation } from './device-location';
import { useGetPrayerTimesQuery } from './prayer-api';
import { PRAYER_REFRESH_MS, prayerMoment } from './prayer-day';
import { PrayerTimesSheet } from './prayer-times-sheet';

/**
 * The Prayer widget (spec document 2, "Prayer widget (settings area)"), also the Prayer Settings'
 * preview: today's five times at the user's location in the user's zone by `method`, the current and
 * the next prayer (fetched again every 60 s), a refresh button, Retry on error, and the way to the
 * Prayer Times sheet. It reads the answer as the sheet does (`prayerMoment`): the same times, the
 * same next prayer, whatever the distance between the location and the zone.
 */
export function PrayerWidget({ user, method }: { user: User; method: number }) {
  const zone = zoneOrBrowser(user.timezone);
  const location = usePrayerLocation(user.latitude, user.longitude);
  const [sheetOpen, setSheetOpen] = useState(false);
  const times = useGetPrayerTimesQuery(location ? { ...location.coordinates, method, timezone: zone } : skipToken, { pollingInterval: PRAYER_REFRESH_MS });
  const moment = times.data ? prayerMoment(times.data) : null;

  return (
    <section className="prayer-widget" aria-labelledby="prayer-widget-title">
      <div className="prayer-widget__header">
        <h3 id="prayer-widget-title" className="prayer-widget__title">
          Today's Prayer Times
        </h3>
        <Button type="text" icon={<ReloadOutlined aria-hidden />} aria-label="Refresh prayer times" onClick={() => void times.refetch()} disabled={!location || times.isFetching} />
      </div>
      {times.isError ? (
        <LoadError title="Unable to load prayer times" onRetry={() => void times.refetch()} />
      ) : !moment ? (
        <p className="muted" role="status">
          Loading prayer times...
        </p>
      ) : (
        <>
          <dl className="prayer-widget__moment">
            <div>
              <dt>Current</dt>
              <dd>{moment.current}</dd>
            </div>
            <div>
              <dt>Next</dt>
              <dd>
                {moment.next.name} at {moment.next.time}
              </dd>
            </div>
          </dl>
          <ul className="prayer-widget__times" aria-label="Prayer times today">
            {moment.prayers.map((prayer) => (
              <li key={prayer.name} className={prayer.isNext ? 'prayer-widget__time prayer-widget__time--next' : 'prayer-widget__time'}>
                <span>{prayer.name}</span>
                <span>{prayer.timeFormatted}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted prayer-widget__basis">Based on your location · {timezoneLabel(zone)}</p>
      <Button onClick={() => setSheetOpen(true)}>Prayer times</Button>
      <PrayerTimesSheet open={sheetOpen} onClose={() => setSheetOpen(false)} user={user} initialMethod={method} />
    </section>
  );
}
