import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { HomeRoute } from './pages/home-route';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

const LoginPage = lazy(() => import('../features/identity/pages/login-page'));
const EmailSignInPage = lazy(() => import('../features/identity/pages/email-sign-in-page'));
const SettingsScreen = lazy(() => import('./pages/settings-screen'));
const CalendarScreen = lazy(() => import('./pages/calendar-screen'));
const PrivacyScreen = lazy(() => import('./pages/legal-screens').then((m) => ({ default: m.PrivacyScreen })));
const AcceptInvitationScreen = lazy(() => import('./pages/accept-invitation-screen'));
const TermsScreen = lazy(() => import('./pages/legal-screens').then((m) => ({ default: m.TermsScreen })));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/login/email', element: <EmailSignInPage /> },
      { path: '/privacy', element: <PrivacyScreen /> },
      { path: '/terms', element: <TermsScreen /> },
      { path: '/accept-invitation', element: <AcceptInvitationScreen /> },
      { path: '/accept-invitation/:token', element: <AcceptInvitationScreen /> },
      {
        path: '/settings',
        element: (
          <RequireAuth>
            <SettingsScreen />
          </RequireAuth>
        ),
      },
      {
        path: '/calendar',
        element: (
          <RequireAuth>
            <CalendarScreen />
          </RequireAuth>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
