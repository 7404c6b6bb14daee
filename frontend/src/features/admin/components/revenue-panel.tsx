import { addDays, type RevenueDay } from '@carecircle/libs';
import { useState } from 'react';
import { LoadError } from '../../../shared/ui/load-error';
import { PlainSkeleton } from '../../../shared/ui/plain-skeleton';
import { dollars } from '../admin-format';
import { useGetAdminRevenueQuery } from '../api';

const RANGES = [
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 365 days' },
];
const WIDTH = 600;
const HEIGHT = 160;

/**
 * Beyond the spec (issue 25): monthly recurring revenue and active subscriptions per day over a chosen
 * range (UTC days), projected from billing events, with the range's trials, conversion and churn.
 */
export function RevenuePanel({ today }: { today: string }) {
  const [days, setDays] = useState(30);
  const { data, isError, refetch } = useGetAdminRevenueQuery({ from: addDays(today, 1 - days), to: today });
  return (
    <section className="section-card" aria-labelledby="admin-revenue-title">
      <div className="admin-revenue__head">
        <h2 className="section-card__title" id="admin-revenue-title">
          Revenue
        </h2>
        <label className="admin-revenue__range">
          <span className="sr-only">Range</span>
          <select className="native-select" value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {RANGES.map((range) => (
              <option key={range.days} value={range.days}>
                {range.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isError ? (
        <LoadError title="Could not load the revenue." onRetry={refetch} />
      ) : !data ? (
        <PlainSkeleton rows={4} />
      ) : (
        <>
          <div className="admin-revenue__charts">
            <LineChart days={data.days} title="Monthly recurring revenue" value={(day) => day.mrr} format={dollars} />
            <LineChart days={data.days} title="Active subscriptions" value={(day) => day.activeSubscriptions} format={(count) => count.toLocaleString('en-US')} />
          </div>
          <dl className="admin-facts">
            <dt>Trials started</dt>
            <dd>{data.trialsStarted}</dd>
            <dt>Trial-to-paid conversion</dt>
            <dd>
              {data.trialConversionPercent}% ({data.trialsConverted} converted)
            </dd>
            <dt>Subscriptions ended</dt>
            <dd>{data.cancellations}</dd>
            <dt>Churn</dt>
            <dd>{data.churnPercent}%</dd>
          </dl>
        </>
      )}
    </section>
  );
}

/** One figure of each day as a line over the range, read aloud as its first and last values (the line itself is decoration). */
function LineChart({ days, title, value, format }: { days: RevenueDay[]; title: string; value: (day: RevenueDay) => number; format: (n: number) => string }) {
  const first = days[0];
  const last = days[days.length - 1];
  const highest = Math.max(...days.map(value));
  const top = Math.max(1, highest);
  const x = (i: number) => (days.length === 1 ? WIDTH / 2 : (i / (days.length - 1)) * WIDTH);
  const y = (n: number) => HEIGHT - (n / top) * (HEIGHT - 8) - 4;
  return (
    <figure className="admin-revenue__chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <polyline points={days.map((day, i) => `${x(i)},${y(value(day))}`).join(' ')} />
      </svg>
      <figcaption>
        {title}: {format(value(first))} on {first.date}, {format(value(last))} on {last.date} (highest {format(highest)}).
      </figcaption>
    </figure>
  );
}
