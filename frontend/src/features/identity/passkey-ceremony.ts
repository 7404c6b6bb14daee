// What a passkey sign-in needs once the caregiver taps it (hooks/use-passkey-sign-in.ts loads this on
// demand): the WebAuthn library and what its errors mean. Not in the sign-in page's first load.
export { startAuthentication } from '@simplewebauthn/browser';
export { webAuthnErrorMessage } from './passkey-errors';
