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
const TaskLinkScreen = lazy(() => import('./pages/task-link-screen'));
const NotificationsScreen = lazy(() => import('./pages/notifications-screen'));

// Care Hub: each screen is its own chunk (libphonenumber-js comes with the directories, never with Today).
const CareHubScreen = lazy(() => import('./pages/care-hub-screen'));
const CareHubMenuPage = lazy(() => import('../features/care-hub/pages/care-hub-menu-page'));
const EmergencyContactsPage = lazy(() => import('../features/care-hub/pages/emergency-contacts-page'));
const NearbyCarePage = lazy(() => import('../features/care-hub/pages/nearby-care-page'));
const DoctorsPage = lazy(() => import('../features/care-hub/pages/doctors-page'));
const FamilySupportPage = lazy(() => import('../features/care-hub/pages/family-support-page'));
const comingSoon = () => import('../features/care-hub/pages/coming-soon-pages');
const SchoolDaycarePage = lazy(() => comingSoon().then((m) => ({ default: m.SchoolDaycarePage })));
const PharmacyPage = lazy(() => comingSoon().then((m) => ({ default: m.PharmacyPage })));
const CareNotesPage = lazy(() => comingSoon().then((m) => ({ default: m.CareNotesPage })));

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
        path: '/notifications',
        element: (
          <RequireAuth>
            <NotificationsScreen />
          </RequireAuth>
        ),
      },
      {
        path: '/tasks/:taskId',
        element: (
          <RequireAuth>
            <TaskLinkScreen />
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
      {
        path: '/care-hub',
        element: (
          <RequireAuth>
            <CareHubScreen />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <CareHubMenuPage /> },
          { path: 'emergency-contacts', element: <EmergencyContactsPage /> },
          { path: 'nearby-care', element: <NearbyCarePage /> },
          { path: 'doctors', element: <DoctorsPage /> },
          { path: 'school-daycare', element: <SchoolDaycarePage /> },
          { path: 'family-support', element: <FamilySupportPage /> },
          { path: 'pharmacy', element: <PharmacyPage /> },
          { path: 'care-notes', element: <CareNotesPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
