import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSkeleton } from '../../shared/ui/page-skeleton';
import { SignedInLayout } from '../layout/signed-in-layout';

/**
 * /groups and the screens under it (the Support Groups list, a group's page, a post, a group's
 * reports): the signed-in layout stays while a screen's code loads. Another member's post, comment,
 * reaction, pin or removal shows without a reload (the layout's live updates).
 */
export default function GroupsScreen() {
  return (
    <SignedInLayout>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </SignedInLayout>
  );
}
