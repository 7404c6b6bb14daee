import { createHash } from 'node:crypto';
import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { calendar_v3 } from '@googleapis/calendar';
import type { Credentials, OAuth2Client } from 'google-auth-library';
import { CALENDAR_MESSAGES } from '@carecircle/libs';
import { APP_CONFIG, publicBaseUrl, type AppConfig } from '../../../config/app-config';
import { googleOAuthClient } from '../../../platform/google/google-oauth-client';

/** Only the user's events: create, change and delete what this app writes (not read the rest). */
export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';

export interface GoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
}

/** The event a task has in a user's Google calendar: base32hex (0-9, a-v) as Google asks, stable per user and task. */
export const googleCalendarEventId = (userId: string, taskId: string): string => createHash('sha256').update(`${userId}:${taskId}`).digest('hex');

/**
 * Google's OAuth 2.0 and Calendar API through their own libraries (google-auth-library,
 * @googleapis/calendar). GOOGLE_API_BASE_URL points both at another host (tests run a local fake);
 * unset, the libraries' defaults are Google's real endpoints.
 */
@Injectable()
export class GoogleCalendarGateway {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return this.config.google !== null;
  }

  /** 503 with the reason when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are unset. */
  requireConfigured(): void {
    if (!this.config.google) throw new ServiceUnavailableException(CALENDAR_MESSAGES.notConfigured);
  }

  /** `{PUBLIC_URL}/api/calendar/callback`: registered with Google as the OAuth redirect URI. */
  get redirectUri(): string {
    return `${publicBaseUrl(this.config)}/api/calendar/callback`;
  }

  async consentUrl(state: string): Promise<string> {
    return (await this.client()).generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope: [GOOGLE_CALENDAR_SCOPE], state, include_granted_scopes: true });
  }

  /** The authorization code for tokens at the token endpoint. */
  async exchange(code: string): Promise<GoogleTokens> {
    const { tokens } = await (await this.client()).getToken(code);
    return toTokens(tokens);
  }

  /**
   * A Calendar API client with the user's tokens. The auth client refreshes an expired access token
   * with the refresh token by itself; `refreshed()` tells the caller the newest one to record.
   */
  async calendarFor(tokens: { accessToken: string; refreshToken: string; expiresAt: string | null }): Promise<{ api: calendar_v3.Calendar; refreshed: () => GoogleTokens | null }> {
    const auth = await this.client();
    // A 401 before the token's expiry (the grant withdrawn at Google) makes the library refresh once,
    // so a withdrawn grant shows as the token endpoint's invalid_grant rather than a bare 401.
    auth.forceRefreshOnFailure = true;
    auth.setCredentials({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expiry_date: tokens.expiresAt ? Date.parse(tokens.expiresAt) : null });
    let latest: GoogleTokens | null = null;
    auth.on('tokens', (fresh) => {
      if (fresh.access_token) latest = toTokens(fresh);
    });
    const base = this.config.google?.apiBaseUrl;
    // The Calendar SDK is loaded at the first sync, not at every start.
    const { calendar } = await import('@googleapis/calendar');
    const api = calendar({ version: 'v3', auth: auth as never, fetchImplementation: fetch, ...(base ? { rootUrl: `${base}/` } : {}) });
    return { api, refreshed: () => latest };
  }

  /** Revokes the grant at Google (the refresh token revokes the access tokens too). */
  async revoke(token: string): Promise<void> {
    await (await this.client()).revokeToken(token);
  }

  private client(): Promise<OAuth2Client> {
    this.requireConfigured();
    return googleOAuthClient(this.config.google!, this.redirectUri);
  }
}

const toTokens = (tokens: Credentials): GoogleTokens => ({
  accessToken: tokens.access_token ?? '',
  refreshToken: tokens.refresh_token ?? null,
  expiresAt: typeof tokens.expiry_date === 'number' ? new Date(tokens.expiry_date).toISOString() : null,
});
