import type { SubscriptionPlan, UserRole } from './schema';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The current user as GET /api/auth/user answers it. Never carries a secret. */
export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: UserRole;
  timezone: string;
  subscriptionActive: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  primaryUserId: string | null;
  hasWebAuthn: boolean;
  /** Made by Google sign-in: the account's password is a random one nobody knows, so Delete Account asks for a passkey instead. */
  signedUpWithGoogle: boolean;
  enablePrayerTasks: boolean;
  prayerCalculationMethod: number;
  latitude: string | null;
  longitude: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A passkey as its owner sees it (GET /api/webauthn/status): no key material. */
export interface PasskeySummary {
  id: string;
  deviceType: string;
  backedUp: boolean;
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

export interface RegisterRequest {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface UpdateTimezoneRequest {
  timezone: string;
}

export interface UpdateProfileRequest {
  firstName: string;
  lastName: string;
}

/**
 * Why a Google sign-in came back to /login (`/login?error=<code>`): the callback redirects with the
 * code, the page shows its message. Nothing was changed on the server when one of these is given.
 */
export const GOOGLE_SIGN_IN_ERRORS = {
  google_expired: 'This Google sign-in expired or was already used. Please start again.',
  google_cancelled: 'Google sign-in was cancelled. Choose a way to sign in below.',
  google_code: 'Google did not send a sign-in code. Please try again.',
  google_token: 'Google sign-in failed: the answer from Google could not be verified. Please try again.',
  google_unverified: 'Your Google account’s email address is not verified, so it cannot sign in here.',
} as const;

export type GoogleSignInError = keyof typeof GOOGLE_SIGN_IN_ERRORS;

export const isGoogleSignInError = (value: unknown): value is GoogleSignInError =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(GOOGLE_SIGN_IN_ERRORS, value);
