import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { CareHubNotice } from '../../features/care-hub/components/care-hub-notice';
import { useLiveUpdates } from '../../features/daily-care/hooks/use-live-updates';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { PageSkeleton } from '../../shared/ui/page-skeleton';
import { SignedInLayout } from '../layout/signed-in-layout';

/**
 * /care-hub and the screens under it: the signed-in layout stays while a screen's code loads, and the
 * first visit to any of them shows the Important Notice (spec document 3, section 2). Another
 * caregiver's change to a recipient's doctors or family support shows without a reload.
 */
export default function CareHubScreen() {
  const { isAuthenticated } = useAuth();
  useLiveUpdates(isAuthenticated);
  return (
    <SignedInLayout>
      <CareHubNotice />
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </SignedInLayout>
  );
}
