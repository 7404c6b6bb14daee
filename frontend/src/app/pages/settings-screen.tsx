import { CareRecipientsPanel } from '../../features/care-recipients/components/settings/care-recipients-panel';
import { RepeatingSchedulesDialog } from '../../features/daily-care/repeating/repeating-schedules-dialog';
import SettingsPage from '../../features/identity/pages/settings-page';
import { SignedInLayout } from '../layout/signed-in-layout';

export default function SettingsScreen() {
  return (
    <SignedInLayout>
      <SettingsPage
        careRecipientsPanel={
          <CareRecipientsPanel
            schedulesDialog={(child, onClose) => (
              <RepeatingSchedulesDialog open childId={child.id} childName={child.name} canEdit={child.canEdit} onClose={onClose} />
            )}
          />
        }
      />
    </SignedInLayout>
  );
}
