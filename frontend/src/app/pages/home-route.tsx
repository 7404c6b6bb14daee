import { lazy } from 'react';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { AntdTheme } from '../lazy-antd-theme';

const LandingScreen = lazy(() => import('./landing-screen'));
const HomeScreen = lazy(() => import('./home-screen'));

/**
 * `/`: the landing page when signed out or while authentication is loading, else the home dashboard.
 * The landing page uses no antd; the dashboard does.
 */
export function HomeRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? (
    <AntdTheme>
      <HomeScreen />
    </AntdTheme>
  ) : (
    <LandingScreen />
  );
}
