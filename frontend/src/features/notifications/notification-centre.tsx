import { CheckOutlined } from '@ant-design/icons';
import { addDays, localDate, taskPath, type AppNotification, type NotificationType } from '@carecircle/libs';
import { Button, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { reasonOf } from '../../shared/api/api-error';
import { LoadError } from '../../shared/ui/load-error';
import { toast } from '../../shared/ui/toast';
import { useMemo } from 'react';
import {
  useAcknowledgeNotificationMutation,
  useGetNotificationListInfiniteQuery,
  useGetUnreadNotificationsQuery,
  useReadAllNotificationsMutation,
  useReadNotificationMutation,
} from './api';
import './notification-centre.css';

/** Alerts about a task that someone must answer: acknowledging one stops its escalation. */
const ACKNOWLEDGEABLE: readonly NotificationType[] = ['urgent_overdue', 'escalation', 'medication_reminder'];
const canAcknowledge = (notification: AppNotification) => notification.taskId !== null && (ACKNOWLEDGEABLE as readonly string[]).includes(notification.type);

interface DayGroup {
  day: string;
  label: string;
  items: AppNotification[];
}

/** Newest first, one group per day in the care team's zone: Today, Yesterday, else "Monday, November 23". */
function byDay(notifications: AppNotification[], zone: string, now: Date): DayGroup[] {
  const today = localDate(now, zone);
  const yesterday = addDays(today, -1);
  const groups: DayGroup[] = [];
  const sorted = [...notifications].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
  for (const notification of sorted) {
    const sent = new Date(notification.sentAt);
    const day = localDate(sent, zone);
    let group = groups[groups.length - 1];
    if (group?.day !== day) {
      const label =
        day === today ? 'Today' : day === yesterday ? 'Yesterday' : sent.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric', timeZone: zone });
      group = { day, label, items: [] };
      groups.push(group);
    }
    group.items.push(notification);
  }
  return groups;
}

const failed = (title: string) => (error: unknown) => toast({ title, description: reasonOf(error) ?? 'Please try again.', variant: 'destructive' });

/**
 * The notification centre (/notifications): the signed-in user's notifications grouped by day,
 * newest first, with Mark read, Mark all read, Acknowledge for alerts about a task, and the link to
 * the task. Live updates keep it current (every page loaded so far). A page at a time, newest first:
 * "Load more" fetches the next.
 */
export function NotificationCentre({ timeZone }: { timeZone: string }) {
  const { data: pages, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetNotificationListInfiniteQuery();
  const data = useMemo(() => pages?.pages.flatMap((page) => page.items), [pages]);
  // Unread ones may be on pages not loaded yet: the bell's list says whether there are any.
  const { data: unreadPage } = useGetUnreadNotificationsQuery();
  const [readAll, { isLoading: readingAll }] = useReadAllNotificationsMutation();
  const anyUnread = (unreadPage?.items.length ?? 0) > 0 || (data ?? []).some((notification) => !notification.isRead);

  return (
    <div className="page notification-centre">
      <div className="notification-centre__header">
        <h1 className="page__title">Notifications</h1>
        <Button
          icon={<CheckOutlined />}
          loading={readingAll}
          disabled={!anyUnread}
          onClick={() => readAll().unwrap().catch(failed('Could not mark your notifications read'))}
        >
          Mark all read
        </Button>
      </div>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : isError || !data ? (
        <LoadError title="Could not load your notifications." onRetry={() => refetch()} />
      ) : data.length === 0 ? (
        <section className="section-card notification-centre__empty" aria-labelledby="notifications-empty-title">
          <h2 id="notifications-empty-title" className="section-card__title">
            No notifications yet
          </h2>
          <p className="muted">Reminders, overdue alerts and important care updates will appear here.</p>
        </section>
      ) : (
        <>
        {byDay(data, timeZone, new Date()).map((group) => (
          <section key={group.day} className="notification-centre__day" aria-labelledby={`notifications-${group.day}`}>
            <h2 id={`notifications-${group.day}`} className="notification-centre__day-title">
              {group.label}
            </h2>
            <ul className="notification-centre__list">
              {group.items.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} timeZone={timeZone} />
              ))}
            </ul>
          </section>
        ))}
        {hasNextPage && (
          <div className="notification-centre__more">
            <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              Load more
            </Button>
          </div>
        )}
        </>
      )}
    </div>
  );
}

function NotificationItem({ notification, timeZone }: { notification: AppNotification; timeZone: string }) {
  const [read, { isLoading: reading }] = useReadNotificationMutation();
  const [acknowledge, { isLoading: acknowledging }] = useAcknowledgeNotificationMutation();
  const { id, title, message, sentAt, isRead, taskId, acknowledgedAt } = notification;
  const titleId = `notification-${id}`;
  const markRead = () => read(id).unwrap().catch(failed('Could not mark the notification read'));
  const time = new Date(sentAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', timeZone });

  return (
    <li className={isRead ? 'notification-item' : 'notification-item notification-item--unread'}>
      <article aria-labelledby={titleId}>
        <div className="notification-item__head">
          <h3 id={titleId} className="notification-item__title">
            {!isRead && <span className="notification-item__dot" aria-hidden />}
            {title}
            {!isRead && <span className="sr-only"> (unread)</span>}
          </h3>
          <time className="notification-item__time" dateTime={sentAt}>
            {time}
          </time>
        </div>
        <p className="notification-item__message">{message}</p>
        <div className="notification-item__actions">
          {taskId && (
            <Link to={taskPath(taskId)} className="notification-item__link" onClick={() => void (isRead ? undefined : read(id))}>
              Open task
            </Link>
          )}
          {canAcknowledge(notification) &&
            (acknowledgedAt ? (
              <span className="notification-item__acknowledged">
                <CheckOutlined aria-hidden /> Acknowledged
              </span>
            ) : (
              <Button
                type="primary"
                size="small"
                loading={acknowledging}
                onClick={() => acknowledge(id).unwrap().catch(failed('Could not acknowledge the alert'))}
                aria-describedby={titleId}
              >
                Acknowledge
              </Button>
            ))}
          {!isRead && (
            <Button size="small" loading={reading} onClick={() => void markRead()} aria-describedby={titleId}>
              Mark read
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}
