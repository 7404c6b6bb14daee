import { lazy } from 'react';
import { useAuth } from '../../features/identity/hooks/use-auth';

const LandingScreen = lazy(() => import('./landing-screen'));
// Today's first paint loads no antd either: what it opens on demand loads antd's theme beside it.
const HomeScreen = lazy(() => import('./home-screen'));

/**
 * `/`: the landing page when signed out or while authentication is loading, else the home dashboard.
 * Neither loads antd for its first paint.
 */
export function HomeRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <HomeScreen /> : <LandingScreen />;
}
