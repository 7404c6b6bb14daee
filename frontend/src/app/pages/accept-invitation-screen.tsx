import { useParams } from 'react-router-dom';
import { AcceptInvitationPage } from '../../features/care-team/pages/accept-invitation-page';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { PublicLayout } from '../layout/public-layout';
import { SignedInLayout } from '../layout/signed-in-layout';

/**
 * /accept-invitation/{token}, open to everyone: the invitation page learns who is signed in from
 * identity. Signed in (she came back from creating her account, or opened the link signed in), the
 * page is in the signed-in layout, not under the public header's Sign In.
 */
export default function AcceptInvitationScreen() {
  const { token = '' } = useParams();
  const { isLoading, isAuthenticated } = useAuth();
  useDocumentTitle('Care Team Invitation');
  const page = <AcceptInvitationPage token={token} auth={{ isLoading, isAuthenticated }} />;
  return isAuthenticated ? <SignedInLayout>{page}</SignedInLayout> : <PublicLayout>{page}</PublicLayout>;
}
