import type { ReactNode } from 'react';
import { useLiveUpdates } from '../../features/scheduling/hooks/use-live-updates';
import { OfflineBanner } from '../../features/scheduling/offline/offline-banner';
import { useOfflineSync } from '../../features/scheduling/offline/use-offline-queue';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { QuickAddProvider } from '../quick-add/quick-add-context';
import { BottomNav } from './bottom-nav';

/**
 * Every signed-in screen: live updates (another caregiver's change, a new notification), ticks made
 * without a network sent from whichever screen is open, and the notification bell at the top right,
 * unless the screen's own header holds the bell (`bell={false}`, Today's header).
 */
export function SignedInLayout({ children, bell = true }: { children: ReactNode; bell?: boolean }) {
  useLiveUpdates(true);
  useOfflineSync(useAuth().user?.id);
  return (
    <QuickAddProvider>
      <div className="signed-in-layout">
        {bell && (
          <div className="signed-in-layout__bell">
            <NotificationBell />
          </div>
        )}
        <main className="signed-in-layout__main">
          <OfflineBanner />
          {children}
        </main>
        <BottomNav />
      </div>
    </QuickAddProvider>
  );
}
