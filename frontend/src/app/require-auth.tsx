import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../features/identity/hooks/use-auth';

/**
 * Signed-in routes: an anonymous visitor is sent to /login and comes back here after signing in
 * (the path travels as `next`); nothing of the page shows while the session is being checked.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (isAuthenticated) return children;
  if (isLoading) return null;
  return <Navigate to={`/login?next=${encodeURIComponent(pathname + search + hash)}`} replace />;
}
