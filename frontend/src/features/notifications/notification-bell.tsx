import { BellOutlined } from '../../shared/ui/icons';
import { Link, useLocation } from 'react-router-dom';
import { useGetUnreadNotificationsQuery } from './api';
import './notification-bell.css';
import { dataOnly } from '../../app/hooks';

/** Where the notification centre lives. */
export const NOTIFICATIONS_PATH = '/notifications';

/**
 * The bell in the signed-in header: the unread count (kept current by live updates) and the way to
 * the notification centre. Its name says the count ("3 unread notifications").
 */
export function NotificationBell() {
  const { data } = useGetUnreadNotificationsQuery(undefined, { selectFromResult: dataOnly });
  const { pathname } = useLocation();
  const unread = data?.items.length ?? 0;
  const more = Boolean(data?.next);
  const label = unread === 0 ? 'Notifications' : `${unread}${more ? '+' : ''} unread notification${unread === 1 && !more ? '' : 's'}`;
  return (
    <Link to={NOTIFICATIONS_PATH} className="notification-bell touch-target" aria-label={label} aria-current={pathname === NOTIFICATIONS_PATH ? 'page' : undefined}>
      <BellOutlined aria-hidden />
      {unread > 0 && (
        <span className="notification-bell__count" aria-hidden>
          {unread > 99 || more ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
