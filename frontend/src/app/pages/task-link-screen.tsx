import { Skeleton } from 'antd';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { loadTaskDetailsDialog } from '../../features/scheduling/components/today-timeline';
import { useGetTaskQuery } from '../../features/notifications/api';
import { statusOf } from '../../shared/api/api-error';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { LoadError } from '../../shared/ui/load-error';
import { SignedInLayout } from '../layout/signed-in-layout';
import { todayPathFor } from './task-link';

/**
 * `/tasks/{taskId}`: the task a notification or a push message is about. It opens on Today, on
 * the task's recipient and day with its details open; a task that was removed, or that the
 * caregiver no longer sees, says so plainly.
 */
export default function TaskLinkScreen() {
  const { taskId = '' } = useParams();
  const { data: task, isLoading, error, refetch } = useGetTaskQuery(taskId);
  useDocumentTitle('Task');
  // Today and the details dialog load while the task does.
  useEffect(() => {
    void import('./home-screen');
    void loadTaskDetailsDialog();
  }, []);
  if (task) return <Navigate to={todayPathFor(task)} replace />;
  const status = statusOf(error);
  const gone = status === 404 || status === 403 || status === 400;
  return (
    <SignedInLayout>
      <div className="page">
        <h1 className="page__title">Task</h1>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : gone ? (
          <section className="section-card" aria-labelledby="task-gone-title">
            <h2 id="task-gone-title" className="section-card__title">
              This task is no longer available
            </h2>
            <p className="muted">It may have been removed, or it is about someone whose care you no longer share.</p>
            <Link to="/">
              Go to Today
            </Link>
          </section>
        ) : (
          <LoadError title="Could not load this task." onRetry={() => refetch()} />
        )}
      </div>
    </SignedInLayout>
  );
}
