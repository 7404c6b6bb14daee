import { WebAuthnError } from '@simplewebauthn/browser';

/**
 * What the browser's WebAuthn errors mean to a caregiver (spec document 3, Validation: ceremony
 * aborted, previously registered authenticator, invalid RP ID, invalid domain, invalid user ID length,
 * no supported algorithm). Undefined for anything else: the screen's own text is used then.
 */
const MESSAGES: Partial<Record<WebAuthnError['code'], string>> = {
  ERROR_CEREMONY_ABORTED: 'The biometric prompt was closed before it finished.',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'This device is already set up for biometric sign-in.',
  ERROR_INVALID_RP_ID: 'This site’s address cannot be used for biometric sign-in.',
  ERROR_INVALID_DOMAIN: 'Biometric sign-in needs a secure address (https).',
  ERROR_INVALID_USER_ID_LENGTH: 'The user ID for biometric sign-in must be 1 to 64 bytes long.',
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: 'This device supports none of the signature algorithms CareCircle accepts.',
  ERROR_MALFORMED_PUBKEYCREDPARAMS: 'This device supports none of the signature algorithms CareCircle accepts.',
};

export function webAuthnErrorMessage(error: unknown): string | undefined {
  if (error instanceof WebAuthnError) return MESSAGES[error.code];
  // The user closing the prompt, or its time running out, before simplewebauthn could classify it.
  if (error instanceof Error && error.name === 'NotAllowedError') return MESSAGES.ERROR_CEREMONY_ABORTED;
  return undefined;
}

/** True for errors of the browser's WebAuthn ceremony (as opposed to the server's answers). */
export const isWebAuthnError = (error: unknown): boolean => error instanceof WebAuthnError || (error instanceof Error && ['NotAllowedError', 'InvalidStateError', 'SecurityError', 'NotSupportedError'].includes(error.name));
