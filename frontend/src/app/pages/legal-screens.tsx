import { PrivacyPage, TermsPage } from '../../features/marketing/pages/legal-pages';
import { PublicLayout } from '../layout/public-layout';

export function PrivacyScreen() {
  return (
    <PublicLayout>
      <PrivacyPage />
    </PublicLayout>
  );
}

export function TermsScreen() {
  return (
    <PublicLayout>
      <TermsPage />
    </PublicLayout>
  );
}
