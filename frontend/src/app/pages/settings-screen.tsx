import { ConfigProvider } from 'antd';
import { CareRecipientsPanel } from '../../features/care-recipients/components/settings/care-recipients-panel';
import SettingsPage from '../../features/identity/pages/settings-page';
import { SignedInLayout } from '../layout/signed-in-layout';

/** antd's default error red (#ff4d4f) is 3.3:1 on white; Delete, Remove and Sign Out here use a darker red (5.9:1). */
const READABLE_DANGER = { token: { colorError: '#cf1322' } };

export default function SettingsScreen() {
  return (
    <SignedInLayout>
      <ConfigProvider theme={READABLE_DANGER}>
        <SettingsPage careRecipientsPanel={<CareRecipientsPanel />} />
      </ConfigProvider>
    </SignedInLayout>
  );
}
