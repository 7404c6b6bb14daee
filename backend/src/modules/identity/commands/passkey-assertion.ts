import type { AuthenticationResponseJSON, AuthenticatorTransport } from '@simplewebauthn/server';
import { webAuthn } from '../session/passkey-ceremonies';
import type { WebAuthnCredentialEntity } from '../read-models/webauthn-credentials/webauthn-credentials.entity';

/**
 * Checks a passkey's answer (challenge, origin, RP ID, signature, user presence) against its stored
 * public key, and that the answer's user handle, when it gives one, is the passkey's owner. Answers the
 * authenticator's new signature counter, or null. The counter must still go up through the passkeys
 * decider (UsePasskey), on the stream's expected revision.
 */
export async function verifyPasskeyAssertion(
  response: AuthenticationResponseJSON,
  stored: WebAuthnCredentialEntity,
  expected: { challenge: string; origin: string; rpID: string },
): Promise<{ newCounter: number } | null> {
  const handle = response.response.userHandle;
  const { verifyAuthenticationResponse } = await webAuthn();
  return verifyAuthenticationResponse({
    response,
    expectedChallenge: expected.challenge,
    expectedOrigin: expected.origin,
    expectedRPID: expected.rpID,
    requireUserVerification: false,
    credential: {
      id: stored.credentialId,
      publicKey: new Uint8Array(Buffer.from(stored.credentialPublicKey, 'base64url')),
      counter: Number(stored.counter),
      transports: stored.transports as AuthenticatorTransport[],
    },
  }).then(
    (result) => (result.verified && (!handle || Buffer.from(handle, 'base64url').toString('utf8') === stored.userId) ? { newCounter: result.authenticationInfo.newCounter } : null),
    () => null,
  );
}
