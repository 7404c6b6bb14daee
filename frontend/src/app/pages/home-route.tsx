import { lazy } from 'react';
import { hasSessionHint } from '../../features/identity/api';
import { useAuth } from '../../features/identity/hooks/use-auth';

const LandingScreen = lazy(() => import('./landing-screen'));
// Today's first paint loads no antd either: what it opens on demand loads antd's theme beside it.
const loadHomeScreen = () => import('./home-screen');
const HomeScreen = lazy(loadHomeScreen);

// A signed-in caregiver opening `/` (the server's signed-in hint is there): Today's code starts loading
// now, beside GET /api/auth/user, not after it answers (docs/performance.md).
if (typeof window !== 'undefined' && window.location.pathname === '/' && hasSessionHint()) void loadHomeScreen();

/**
 * `/`: the landing page when signed out, else the home dashboard (Today). While a signed-in
 * caregiver's session is being checked it shows nothing rather than the landing page. Neither loads
 * antd for its first paint.
 */
export function HomeRoute() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isAuthenticated) return <HomeScreen />;
  if (isLoading && hasSessionHint()) return null;
  return <LandingScreen />;
}
