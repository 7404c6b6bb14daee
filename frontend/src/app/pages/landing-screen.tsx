import LandingPage from '../../features/marketing/pages/landing-page';
import { PublicLayout } from '../layout/public-layout';

export default function LandingScreen() {
  return (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  );
}
