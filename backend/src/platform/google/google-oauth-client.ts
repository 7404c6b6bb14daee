import type { OAuth2Client } from 'google-auth-library';
import type { AppConfig } from '../../config/app-config';

/**
 * google-auth-library's OAuth client for this app, shared by Google sign-in (identity) and Google
 * Calendar. GOOGLE_API_BASE_URL, when set (tests, a local fake), replaces every Google endpoint with one
 * base: the consent page `{base}/o/oauth2/v2/auth`, `{base}/token`, `{base}/revoke` and the ID-token
 * certificates `{base}/oauth2/v1/certs`. ID tokens are verified the same way either way. The library is
 * loaded at the first use, not at every start.
 */
export async function googleOAuthClient(google: NonNullable<AppConfig['google']>, redirectUri: string): Promise<OAuth2Client> {
  const base = google.apiBaseUrl;
  const { OAuth2Client } = await import('google-auth-library');
  return new OAuth2Client({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUri,
    // Node's own fetch: gaxios would otherwise import node-fetch (ESM) dynamically at the first request.
    transporterOptions: { fetchImplementation: fetch },
    ...(base
      ? {
          endpoints: {
            oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
            oauth2TokenUrl: `${base}/token`,
            oauth2RevokeUrl: `${base}/revoke`,
            oauth2FederatedSignonPemCertsUrl: `${base}/oauth2/v1/certs`,
          },
        }
      : {}),
  });
}
