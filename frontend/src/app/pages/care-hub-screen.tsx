import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { CareHubNotice } from '../../features/care-hub/components/care-hub-notice';
import { PageSkeleton } from '../../shared/ui/page-skeleton';
import { SignedInLayout } from '../layout/signed-in-layout';

/**
 * /care-hub and the screens under it: the signed-in layout stays while a screen's code loads, and the
 * first visit to any of them shows the Important Notice (spec document 3, section 2). Another
 * caregiver's change to a recipient's doctors or family support shows without a reload (the
 * layout's live updates).
 */
export default function CareHubScreen() {
  return (
    <SignedInLayout>
      <CareHubNotice />
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </SignedInLayout>
  );
}
