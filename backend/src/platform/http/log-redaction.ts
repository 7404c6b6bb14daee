/**
 * Secrets that travel in paths (docs/care-team.md): an invitation link's token is in the accept
 * page's address (`/accept-invitation/{token}`, sent again as the Referer of the page's API calls)
 * and in the accept route (`/api/caregiver-invitations/{token}/accept`). Request logs keep neither.
 */
const SECRET_IN_PATH: RegExp[] = [/(\/accept-invitation\/)[^/?#\s]+/g, /(\/caregiver-invitations\/)[^/?#\s]+(?=\/accept\b)/g];

export const REDACTED = '[redacted]';

export function redactSecretsInUrl(url: string): string {
  return SECRET_IN_PATH.reduce((text, pattern) => text.replace(pattern, `$1${REDACTED}`), url);
}

/**
 * pino-http's `req` serializer: the URL, the Referer and a route's `token` parameter without path
 * secrets (cookies are redacted by the logger's `redact`).
 */
export function redactRequestForLog<T extends { url?: string; headers?: Record<string, unknown>; params?: Record<string, unknown> }>(req: T): T {
  const referer = req.headers?.referer;
  return {
    ...req,
    ...(req.url ? { url: redactSecretsInUrl(req.url) } : {}),
    ...(req.params && 'token' in req.params ? { params: { ...req.params, token: REDACTED } } : {}),
    ...(req.headers ? { headers: { ...req.headers, ...(typeof referer === 'string' ? { referer: redactSecretsInUrl(referer) } : {}) } } : {}),
  };
}
