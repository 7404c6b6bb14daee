/**
 * Secrets that travel in paths (docs/care-team.md): an invitation link's token is in the accept
 * page's address (`/accept-invitation/{token}`, sent again as the Referer of the page's API calls)
 * and in the accept and invitee routes (`/api/caregiver-invitations/{token}/accept`, `.../invitee`).
 * The iCal feed's token is in its path (`/api/calendar/feed/{token}.ics`). Request logs keep none.
 */
const SECRET_IN_PATH: RegExp[] = [
  /(\/accept-invitation\/)[^/?#\s]+/g,
  /(\/caregiver-invitations\/)[^/?#\s]+(?=\/(accept|invitee)\b)/g,
  // The iCal feed's secret URL (docs/calendar.md): `/api/calendar/feed/{token}.ics`.
  /(\/calendar\/feed\/)[^/?#\s]+/g,
];

export const REDACTED = '[redacted]';

export function redactSecretsInUrl(url: string): string {
  return SECRET_IN_PATH.reduce((text, pattern) => text.replace(pattern, `$1${REDACTED}`), url);
}

/**
 * pino-http's `req` serializer: the URL and the Referer without path secrets, and no route
 * parameters when the path held one (Nest's middleware routes put the path's segments in
 * `params.path`). Cookies are redacted by the logger's `redact`.
 */
export function redactRequestForLog<T extends { url?: string; headers?: Record<string, unknown>; params?: unknown }>(req: T): T {
  const url = req.url === undefined ? undefined : redactSecretsInUrl(req.url);
  const referer = req.headers?.referer;
  const params = req.params as Record<string, unknown> | undefined;
  const secretInParams = url !== req.url || (typeof params === 'object' && params !== null && 'token' in params);
  return {
    ...req,
    ...(url !== undefined ? { url } : {}),
    ...(secretInParams ? { params: REDACTED } : {}),
    ...(req.headers ? { headers: { ...req.headers, ...(typeof referer === 'string' ? { referer: redactSecretsInUrl(referer) } : {}) } } : {}),
  };
}
