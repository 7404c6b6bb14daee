import { hasSessionHint } from '../../features/identity/api';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { preloadableLazy } from '../../shared/ui/preloadable-lazy';

const LandingScreen = preloadableLazy(() => import('./landing-screen'));
// Today's first paint loads no antd either: what it opens on demand loads antd's theme beside it.
const HomeScreen = preloadableLazy(() => import('./home-screen'));

// Opening `/`, the screen it will show starts loading now, not after the session is known: Today's
// code (already on its way for a signed-in caregiver, see home-prefetch.js) when the server's
// signed-in hint is there, else the landing page (docs/performance.md).
if (typeof window !== 'undefined' && window.location.pathname === '/') void (hasSessionHint() ? HomeScreen : LandingScreen).preload();

/** Today's code, which a page the server rendered (src/server/render-home.tsx) must hold before it renders or hydrates Today. */
export const loadHomeScreen = () => HomeScreen.preload();

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
