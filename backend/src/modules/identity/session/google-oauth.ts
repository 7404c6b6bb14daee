import type { OAuth2Client } from 'google-auth-library';
import { googleOAuthClient as sharedGoogleOAuthClient } from '../../../platform/google/google-oauth-client';
import { publicBaseUrl, type AppConfig } from '../../../config/app-config';

declare module 'express-session' {
  interface SessionData {
    /** A Google sign-in this browser began: its state and nonce, checked once at the callback. */
    googleSignIn?: { state: string; nonce: string; startedAt: number };
  }
}

/** How long the consent screen may take before the callback is refused. */
export const GOOGLE_SIGN_IN_MS = 10 * 60 * 1000;

/** Where Google sends the browser back: PUBLIC_URL (else http://localhost:PORT) + /api/auth/google/callback. */
export const googleRedirectUri = (config: Pick<AppConfig, 'publicUrl' | 'port'>) => `${publicBaseUrl(config)}/api/auth/google/callback`;

/** The OAuth client for sign-in, with its callback URL (GOOGLE_API_BASE_URL: platform/google). */
export function googleOAuthClient(config: Pick<AppConfig, 'publicUrl' | 'port'> & { google: NonNullable<AppConfig['google']> }): Promise<OAuth2Client> {
  return sharedGoogleOAuthClient(config.google, googleRedirectUri(config));
}
