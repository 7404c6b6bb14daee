import SupportGroupsPage from '../../features/community/pages/support-groups-page';
import { SignedInLayout } from '../layout/signed-in-layout';

/** /groups: the Support Groups screen in the signed-in layout (spec document 3). */
export default function GroupsScreen() {
  return (
    <SignedInLayout>
      <SupportGroupsPage />
    </SignedInLayout>
  );
}
