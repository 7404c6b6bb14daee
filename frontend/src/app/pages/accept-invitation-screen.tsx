import { useParams } from 'react-router-dom';
import { AcceptInvitationPage } from '../../features/care-team/pages/accept-invitation-page';
import { hasSessionHint } from '../../features/identity/api';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { preloadableLazy } from '../../shared/ui/preloadable-lazy';
import { PublicLayout } from '../layout/public-layout';

// The signed-in layout comes with Today's code: a signed-out visitor (an invited grandparent's first
// contact) does not load it. Signed in (the server's hint), it starts loading with this screen.
const SignedInLayout = preloadableLazy(() => import('../layout/signed-in-layout').then((m) => ({ default: m.SignedInLayout })));
if (hasSessionHint()) void SignedInLayout.preload();

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
