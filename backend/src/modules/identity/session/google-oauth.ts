import { OAuth2Client } from 'google-auth-library';
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

/**
 * google-auth-library's client for our app. GOOGLE_OAUTH_BASE_URL, when set, points its consent, token
 * and certificate endpoints at a local fake (tests); the ID token is verified the same way either way:
 * Google's issuers, our client id as audience, expiry and signature.
 */
export function googleOAuthClient(config: Pick<AppConfig, 'publicUrl' | 'port'> & { google: NonNullable<AppConfig['google']> }): OAuth2Client {
  const { clientId, clientSecret, oauthBaseUrl } = config.google;
  const endpoints = oauthBaseUrl
    ? {
        oauth2AuthBaseUrl: `${oauthBaseUrl}/o/oauth2/v2/auth`,
        oauth2TokenUrl: `${oauthBaseUrl}/token`,
        oauth2FederatedSignonPemCertsUrl: `${oauthBaseUrl}/oauth2/v1/certs`,
      }
    : undefined;
  // Node's own fetch: gaxios would otherwise import node-fetch dynamically at the first request.
  return new OAuth2Client({ clientId, clientSecret, redirectUri: googleRedirectUri(config), endpoints, transporterOptions: { fetchImplementation: fetch } });
}
