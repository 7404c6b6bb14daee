import { NotificationCentre } from '../../features/notifications/notification-centre';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { zoneOrBrowser } from '../../shared/formatting/time-zone';
import { SignedInLayout } from '../layout/signed-in-layout';

/** /notifications: the notification centre the bell opens; days follow the caregiver's zone. */
export default function NotificationsScreen() {
  const { user } = useAuth();
  useDocumentTitle('Notifications');
  return (
    <SignedInLayout>
      <NotificationCentre timeZone={zoneOrBrowser(user?.timezone)} />
    </SignedInLayout>
  );
}
