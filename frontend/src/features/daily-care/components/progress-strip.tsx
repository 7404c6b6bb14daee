import { Skeleton } from 'antd';
import { useGetProgressQuery } from '../api';
import { LoadError } from '../../../shared/ui/load-error';

/** Completed %, On Time % and Day Streak for the recipient's current day. */
export function ProgressStrip({ childId }: { childId: string }) {
  const { data, isLoading, isError, refetch } = useGetProgressQuery(childId);
  if (isLoading) {
    return (
      <div className="progress-strip" role="status" aria-label="Loading progress">
        <Skeleton.Button active block style={{ height: 64 }} />
      </div>
    );
  }
  if (isError && !data) {
    return (
      <LoadError className="progress-strip" title="Failed to fetch progress" onRetry={() => refetch()} />
    );
  }
  const stats = [
    { label: 'Completed', value: `${data?.completionRate ?? 0}%` },
    { label: 'On Time', value: `${data?.onTimeRate ?? 0}%` },
    { label: 'Day Streak', value: String(data?.streak ?? 0) },
  ];
  return (
    <section className="progress-strip" aria-label="Progress today">
      <dl className="progress-strip__stats">
        {stats.map((stat) => (
          <div key={stat.label} className="progress-strip__stat">
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
