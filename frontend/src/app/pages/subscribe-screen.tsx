import SubscribePage from '../../features/billing/pages/subscribe-page';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { useGetChildrenQuery } from '../base-api';
import { SignedInLayout } from '../layout/signed-in-layout';

/** /subscribe: the billing feature's page, told how many care recipients the user added (per_child's count). */
export default function SubscribeScreen() {
  const { user } = useAuth();
  const { data: children } = useGetChildrenQuery();
  const recipients = (children ?? []).filter((child) => child.primaryCaregiverId === user?.id).length;
  return (
    <SignedInLayout>
      <SubscribePage recipients={recipients} />
    </SignedInLayout>
  );
}
