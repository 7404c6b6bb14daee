import { lazy } from 'react';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { lazyWithAntd } from '../lazy-with-antd';

const LandingScreen = lazy(() => import('./landing-screen'));
const HomeScreen = lazyWithAntd(() => import('./home-screen'));

/**
 * `/`: the landing page when signed out or while authentication is loading, else the home dashboard.
 * The landing page uses no antd; the dashboard does.
 */
export function HomeRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <HomeScreen /> : <LandingScreen />;
}
