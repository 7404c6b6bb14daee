import { CareRecipientsPanel } from '../../features/care-recipients/components/settings/care-recipients-panel';
import SettingsPage from '../../features/identity/pages/settings-page';
import { SignedInLayout } from '../layout/signed-in-layout';

export default function SettingsScreen() {
  return (
    <SignedInLayout>
      <SettingsPage careRecipientsPanel={<CareRecipientsPanel />} />
    </SignedInLayout>
  );
}
