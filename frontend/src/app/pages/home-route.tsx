import { lazy } from 'react';
import { useAuth } from '../../features/identity/hooks/use-auth';

const LandingScreen = lazy(() => import('./landing-screen'));
const HomeScreen = lazy(() => import('./home-screen'));

/** `/`: the landing page when signed out or while authentication is loading, else the home dashboard. */
export function HomeRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <HomeScreen /> : <LandingScreen />;
}
