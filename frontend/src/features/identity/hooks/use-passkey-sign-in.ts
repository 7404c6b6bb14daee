import { startAuthentication } from '@simplewebauthn/browser';
import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { identityApi } from '../api';
import { useBeginPasskeySignInMutation, useCompletePasskeySignInMutation } from '../passkeys-api';

/**
 * Sign in with a passkey the browser holds for this site (discoverable: no email asked, nothing
 * learned about who has an account). On success the user is in the cache before the caller navigates.
 */
export function usePasskeySignIn() {
  const dispatch = useAppDispatch();
  const [begin] = useBeginPasskeySignInMutation();
  const [complete] = useCompletePasskeySignInMutation();
  return useCallback(async () => {
    const optionsJSON = await begin().unwrap();
    const response = await startAuthentication({ optionsJSON });
    const { user } = await complete(response).unwrap();
    await dispatch(identityApi.util.upsertQueryData('getCurrentUser', undefined, user));
    return user;
  }, [begin, complete, dispatch]);
}
