import { useGetProgressQuery } from '../api';
import { LoadError } from '../../../shared/ui/load-error';
import { PlainSkeletonBlock } from '../../../shared/ui/plain-skeleton';
import { dataAndStatus } from '../../../app/hooks';

/** Completed %, On Time % (and Early % when any) and Day Streak for the day shown (`date`, yyyy-mm-dd; `label` names it). */
export function ProgressStrip({ childId, date, label }: { childId: string; date: string; label: string }) {
  const { data, isLoading, isError, refetch } = useGetProgressQuery({ childId, date }, { selectFromResult: dataAndStatus });
  if (isLoading) {
    return (
      <div className="progress-strip" role="status" aria-label="Loading progress">
        <PlainSkeletonBlock height={64} />
      </div>
    );
  }
  if (isError && !data) {
    return (
      <LoadError className="progress-strip" title="Failed to fetch progress" onRetry={() => refetch()} />
    );
  }
  // Doses given more than an hour early are not on time: they show as early under On Time.
  const early = data?.earlyRate ?? 0;
  const stats = [
    { label: 'Completed', value: `${data?.completionRate ?? 0}%` },
    { label: 'On Time', value: `${data?.onTimeRate ?? 0}%`, note: early > 0 ? `${early}% Early` : undefined },
    { label: 'Day Streak', value: String(data?.streak ?? 0) },
  ];
  return (
    <section className="progress-strip" aria-label={`Progress ${label === 'Today' ? 'today' : `for ${label}`}`}>
      <dl className="progress-strip__stats">
        {stats.map((stat) => (
          <div key={stat.label} className="progress-strip__stat">
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
            {stat.note && <dd className="progress-strip__note">{stat.note}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
