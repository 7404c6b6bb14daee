import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { identityApi } from '../api';
import { useBeginPasskeySignInMutation, useCompletePasskeySignInMutation } from '../passkeys-api';

/**
 * Whether this browser can use passkeys: the check of @simplewebauthn/browser's
 * `browserSupportsWebAuthn`, without loading the library with the sign-in page (it loads when a
 * passkey is used: docs/performance.md).
 */
export const browserSupportsPasskeys = (): boolean => typeof globalThis.PublicKeyCredential === 'function';

/** What a failed passkey sign-in means to a caregiver (passkey-errors.ts); undefined if unknown. */
export async function passkeyErrorMessage(error: unknown): Promise<string | undefined> {
  try {
    return (await import('../passkey-ceremony')).webAuthnErrorMessage(error);
  } catch {
    return undefined;
  }
}

/**
 * Sign in with a passkey the browser holds for this site (discoverable: no email asked, nothing
 * learned about who has an account). On success the user is in the cache before the caller navigates.
 * The WebAuthn library loads at the first tap, beside the server's challenge.
 */
export function usePasskeySignIn() {
  const dispatch = useAppDispatch();
  const [begin] = useBeginPasskeySignInMutation();
  const [complete] = useCompletePasskeySignInMutation();
  return useCallback(async () => {
    const library = import('../passkey-ceremony');
    // A failed load is reported where it is awaited, not as an unhandled rejection when begin fails first.
    library.catch(() => undefined);
    const optionsJSON = await begin().unwrap();
    const { startAuthentication } = await library;
    const response = await startAuthentication({ optionsJSON });
    const { user } = await complete(response).unwrap();
    await dispatch(identityApi.util.upsertQueryData('getCurrentUser', undefined, user));
    return user;
  }, [begin, complete, dispatch]);
}
