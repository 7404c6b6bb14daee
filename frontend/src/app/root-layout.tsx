import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useAuth } from '../features/identity/hooks/use-auth';
import { useTimezoneSync } from '../features/identity/hooks/use-timezone-sync';
import { PageSkeleton } from '../shared/ui/page-skeleton';

export function RootLayout() {
  const { user } = useAuth();
  useTimezoneSync(user);
  return (
    <>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
