import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ToastHost } from '../shared/ui/toast';
import { RouteErrorBoundary } from './pages/route-error-page';
import { AppRoutes } from './router';
import { store } from './store';
import { theme } from '../shared/ui/theme';

export function App() {
  return (
    <Provider store={store}>
      <ToastHost theme={theme} />
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </Provider>
  );
}
