import SettingsPage from '../../features/identity/pages/settings-page';
import { SignedInLayout } from '../layout/signed-in-layout';

export default function SettingsScreen() {
  return (
    <SignedInLayout>
      <SettingsPage />
    </SignedInLayout>
  );
}
