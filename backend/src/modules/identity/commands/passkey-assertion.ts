import { verifyAuthenticationResponse, type AuthenticationResponseJSON, type AuthenticatorTransport } from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
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
  return verifyAuthenticationResponse({
    response,
    expectedChallenge: expected.challenge,
    expectedOrigin: expected.origin,
    expectedRPID: expected.rpID,
    requireUserVerification: false,
    credential: {
      id: stored.credentialId,
      publicKey: isoBase64URL.toBuffer(stored.credentialPublicKey),
      counter: Number(stored.counter),
      transports: stored.transports as AuthenticatorTransport[],
    },
  }).then(
    (result) => (result.verified && (!handle || isoUint8Array.toUTF8String(isoBase64URL.toBuffer(handle)) === stored.userId) ? { newCounter: result.authenticationInfo.newCounter } : null),
    () => null,
  );
}
