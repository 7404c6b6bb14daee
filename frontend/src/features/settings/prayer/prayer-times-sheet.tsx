import { CheckCircleFilled } from '@ant-design/icons';
import type { User } from '@carecircle/libs';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Drawer } from 'antd';
import { useState } from 'react';
import { zoneOrBrowser } from '../../../shared/formatting/time-zone';
import { LoadError } from '../../../shared/ui/load-error';
import { usePrayerLocation, type PrayerLocation } from './device-location';
import { useGetPrayerTimesQuery } from './prayer-api';
import { locationLine, PRAYER_REFRESH_MS, prayerMoment, remainingText, type PrayerTimesAnswer } from './prayer-day';
import { PrayerMethodSelect } from './prayer-method-select';

interface Props {
  open: boolean;
  onClose: () => void;
  user: User;
  /** The method the sheet opens with (the user's); changed here it stays in the sheet. */
  initialMethod: number;
}

/**
 * The Prayer Times sheet (spec document 2): the date, a method selector, the next prayer and the
 * day's prayers but Sunrise, where they are computed (the device's location, else the default one,
 * marked), refreshed every 60 s while open.
 */
export function PrayerTimesSheet({ open, onClose, user, initialMethod }: Props) {
  return (
    <Drawer open={open} onClose={onClose} placement="bottom" size="auto" title="Prayer Times" destroyOnHidden rootClassName="prayer-sheet">
      {open && <SheetContent user={user} initialMethod={initialMethod} />}
    </Drawer>
  );
}

function SheetContent({ user, initialMethod }: { user: User; initialMethod: number }) {
  const [method, setMethod] = useState(initialMethod);
  const zone = zoneOrBrowser(user.timezone);
  const location = usePrayerLocation(user.latitude, user.longitude);
  const times = useGetPrayerTimesQuery(location ? { ...location.coordinates, method, timezone: zone } : skipToken, { pollingInterval: PRAYER_REFRESH_MS });

  return (
    <div className="prayer-sheet__body">
      <PrayerMethodSelect id="prayer-sheet-method" value={method} onChange={setMethod} />
      {times.isError ? (
        <LoadError title="Unable to load prayer times" onRetry={() => void times.refetch()} />
      ) : !times.data ? (
        <p className="muted" role="status">
          Loading prayer times...
        </p>
      ) : (
        <SheetTimes day={times.data} location={location!} />
      )}
    </div>
  );
}

function SheetTimes({ day, location }: { day: PrayerTimesAnswer['data']; location: PrayerLocation }) {
  // Read as the widget reads it: the same next prayer, the same passed ones, the same times.
  const { prayers, next } = prayerMoment(day);
  return (
    <>
      <p className="prayer-sheet__date">{day.date.readable}</p>
      <section className="prayer-sheet__next" aria-labelledby="prayer-sheet-next-title">
        <h3 id="prayer-sheet-next-title" className="prayer-sheet__next-title">
          Next prayer
        </h3>
        <p className="prayer-sheet__next-name">{next.name}</p>
        <p>
          {next.time} · in {remainingText(next.minutesUntil)}
        </p>
      </section>
      <ul className="prayer-sheet__list" aria-label="Prayers">
        {prayers.map((prayer) => (
          <li key={prayer.name} className={prayer.isPassed ? 'prayer-sheet__prayer prayer-sheet__prayer--passed' : 'prayer-sheet__prayer'}>
            <span className="prayer-sheet__prayer-name">
              {prayer.isPassed && <CheckCircleFilled className="prayer-sheet__tick" aria-label="passed" role="img" />}
              {prayer.name}
              {prayer.isNext && <span className="status-badge status-badge--on">Next</span>}
            </span>
            <span>{prayer.timeFormatted}</span>
          </li>
        ))}
      </ul>
      <p className="prayer-sheet__location">
        {locationLine(day.location)}
        {location.isDefault && <span className="status-badge">Default</span>}
      </p>
      {location.isDefault && <p className="muted">{location.message}</p>}
    </>
  );
}
