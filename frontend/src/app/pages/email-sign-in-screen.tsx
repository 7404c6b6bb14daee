import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSearchParams } from 'react-router-dom';
import { useGetInvitationInviteeQuery } from '../../features/care-team/api';
import { invitationTokenOf } from '../../features/care-team/invitation-path';
import EmailSignInPage from '../../features/identity/pages/email-sign-in-page';
import { safeReturnPath } from '../../features/identity/return-path';

/**
 * /login/email: identity's form, which starts with the invited address when the visitor came from an
 * invitation link (`next` is its accept page; care-team knows whom the link invites).
 */
export default function EmailSignInScreen() {
  const [params] = useSearchParams();
  const token = invitationTokenOf(safeReturnPath(params.get('next')));
  const { data } = useGetInvitationInviteeQuery(token ?? skipToken);
  return <EmailSignInPage invitedEmail={data?.email} />;
}
