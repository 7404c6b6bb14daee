import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { pageHydrated } from './held-taps';
import { useAuth } from '../features/identity/hooks/use-auth';
import { useTimezoneSync } from '../features/identity/hooks/use-timezone-sync';
import { PageSkeleton } from '../shared/ui/page-skeleton';

/** A new page opens at its top, or at its #section; back and forward leave the browser's own restoring. */
function useScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}

/** Renders nothing; its effect runs once the page's boundary below is committed (hydrated, on a server-rendered page). */
function PageCommitted() {
  useEffect(() => pageHydrated(), []);
  return null;
}

export function RootLayout() {
  const { user } = useAuth();
  useTimezoneSync(user);
  useScrollToTop();
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Outlet />
      <PageCommitted />
    </Suspense>
  );
}
