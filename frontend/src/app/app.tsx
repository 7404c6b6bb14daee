import type { ComponentType, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ToastHost } from '../shared/ui/toast-host';
import { RouteErrorBoundary } from './pages/route-error-screen';
import { AppRoutes } from './router';
import { store as browserStore, type AppStore, type RootState } from './store';

interface Props {
  /** The server renders with a store and a router of its own (src/server/render-home.tsx). */
  store?: AppStore;
  Router?: ComponentType<{ children: ReactNode }>;
  /**
   * The state a server-rendered page was rendered with: React hydrates each part of the page (its
   * Suspense boundaries) with it, even a part it gets to after the store has moved on.
   */
  serverState?: RootState;
}

export function App({ store = browserStore, Router = BrowserRouter, serverState }: Props) {
  return (
    <Provider store={store} serverState={serverState}>
      <ToastHost />
      <Router>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </Router>
    </Provider>
  );
}
