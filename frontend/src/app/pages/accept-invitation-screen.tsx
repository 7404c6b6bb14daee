import { useParams } from 'react-router-dom';
import { AcceptInvitationPage } from '../../features/care-team/pages/accept-invitation-page';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { PublicLayout } from '../layout/public-layout';

/** /accept-invitation/{token}, open to everyone: the invitation page learns who is signed in from identity. */
export default function AcceptInvitationScreen() {
  const { token = '' } = useParams();
  const { isLoading, isAuthenticated } = useAuth();
  useDocumentTitle('Care Team Invitation');
  return (
    <PublicLayout>
      <AcceptInvitationPage token={token} auth={{ isLoading, isAuthenticated }} />
    </PublicLayout>
  );
}
