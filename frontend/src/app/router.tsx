import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyWithAntd } from '../shared/ui/lazy-with-antd';
import { HomeRoute } from './pages/home-route';
import { NotFoundScreen } from './pages/not-found-screen';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

// Screens that use antd load its theme provider beside them (lazy-with-antd.tsx); the public pages
// do not, nor do the sign-in and invitation pages (an invited grandparent's first contact).
const LoginPage = lazy(() => import('../features/identity/pages/login-page'));
const EmailSignInPage = lazy(() => import('./pages/email-sign-in-screen'));
const AcceptInvitationScreen = lazy(() => import('./pages/accept-invitation-screen'));
const SettingsScreen = lazyWithAntd(() => import('./pages/settings-screen'));
const CalendarScreen = lazyWithAntd(() => import('./pages/calendar-screen'));
const SubscribeScreen = lazyWithAntd(() => import('./pages/subscribe-screen'));
const AdherenceReportScreen = lazyWithAntd(() => import('./pages/adherence-report-screen'));
const TaskLinkScreen = lazyWithAntd(() => import('./pages/task-link-screen'));
const NotificationsScreen = lazyWithAntd(() => import('./pages/notifications-screen'));
const AdminScreen = lazyWithAntd(() => import('./pages/admin-screen'));

// Support groups: the list and each conversation screen are their own chunks, in one layout route.
const GroupsScreen = lazyWithAntd(() => import('./pages/groups-screen'));
const SupportGroupsPage = lazy(() => import('../features/community/pages/support-groups-page'));
const GroupPage = lazy(() => import('../features/community/pages/group-page'));
const PostPage = lazy(() => import('../features/community/pages/post-page'));
const ReportsPage = lazy(() => import('../features/community/pages/reports-page'));

// Care Hub: each screen is its own chunk (libphonenumber-js comes with the directories, never with Today).
const CareHubScreen = lazyWithAntd(() => import('./pages/care-hub-screen'));
const CareHubMenuPage = lazy(() => import('../features/care-hub/pages/care-hub-menu-page'));
const EmergencyContactsPage = lazy(() => import('../features/care-hub/pages/emergency-contacts-page'));
const NearbyCarePage = lazy(() => import('../features/care-hub/pages/nearby-care-page'));
const DoctorsPage = lazy(() => import('../features/care-hub/pages/doctors-page'));
const FamilySupportPage = lazy(() => import('../features/care-hub/pages/family-support-page'));
const comingSoon = () => import('../features/care-hub/pages/coming-soon-pages');
const SchoolDaycarePage = lazy(() => comingSoon().then((m) => ({ default: m.SchoolDaycarePage })));
const PharmacyPage = lazy(() => comingSoon().then((m) => ({ default: m.PharmacyPage })));
const CareNotesPage = lazy(() => comingSoon().then((m) => ({ default: m.CareNotesPage })));

// The public pages (but the landing page, which `/` shows signed out): each its own small chunk, in
// one layout route whose navigation stays while the next page loads.
const PublicPages = lazy(() => import('./layout/public-layout'));
const FeaturesPage = lazy(() => import('../features/marketing/pages/features-page'));
const PricingPage = lazy(() => import('../features/marketing/pages/pricing-page'));
const AboutPage = lazy(() => import('../features/marketing/pages/about-page'));
const ContactPage = lazy(() => import('../features/marketing/pages/contact-page'));
const legal = () => import('../features/marketing/pages/legal-pages');
const PrivacyPage = lazy(() => legal().then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => legal().then((m) => ({ default: m.TermsPage })));

const signedIn = (screen: ReactNode) => <RequireAuth>{screen}</RequireAuth>;

/**
 * The routes, declared in JSX (react-router's declarative mode): the app uses no loaders or actions,
 * and the data router they need would add about 15 KiB to every first load (docs/performance.md).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<HomeRoute />} />
        <Route element={<PublicPages />}>
          <Route path="/features" element={<FeaturesPage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/contact" element={<ContactPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/terms" element={<TermsPage />} />
        </Route>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/login/email" element={<EmailSignInPage />} />
        <Route path="/accept-invitation" element={<AcceptInvitationScreen />} />
        <Route path="/accept-invitation/:token" element={<AcceptInvitationScreen />} />
        <Route path="/settings" element={signedIn(<SettingsScreen />)} />
        <Route path="/notifications" element={signedIn(<NotificationsScreen />)} />
        <Route path="/tasks/:taskId" element={signedIn(<TaskLinkScreen />)} />
        <Route path="/calendar" element={signedIn(<CalendarScreen />)} />
        <Route path="/subscribe" element={signedIn(<SubscribeScreen />)} />
        <Route path="/reports/adherence" element={signedIn(<AdherenceReportScreen />)} />
        <Route path="/admin" element={signedIn(<AdminScreen />)} />
        <Route path="/groups" element={signedIn(<GroupsScreen />)}>
          <Route index element={<SupportGroupsPage />} />
          <Route path=":groupId" element={<GroupPage />} />
          <Route path=":groupId/posts/:postId" element={<PostPage />} />
          <Route path=":groupId/reports" element={<ReportsPage />} />
        </Route>
        <Route path="/care-hub" element={signedIn(<CareHubScreen />)}>
          <Route index element={<CareHubMenuPage />} />
          <Route path="emergency-contacts" element={<EmergencyContactsPage />} />
          <Route path="nearby-care" element={<NearbyCarePage />} />
          <Route path="doctors" element={<DoctorsPage />} />
          <Route path="school-daycare" element={<SchoolDaycarePage />} />
          <Route path="family-support" element={<FamilySupportPage />} />
          <Route path="pharmacy" element={<PharmacyPage />} />
          <Route path="care-notes" element={<CareNotesPage />} />
        </Route>
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
