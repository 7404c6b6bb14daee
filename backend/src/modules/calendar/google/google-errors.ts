/** The HTTP status Google answered a library call with (gaxios' error), or null when it never answered. */
export function googleErrorStatus(error: unknown): number | null {
  const status = (error as { response?: { status?: unknown }; status?: unknown } | null)?.response?.status ?? (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}

/** Google's token endpoint refused the refresh token (`invalid_grant`): withdrawn, expired or revoked at Google. */
export function isInvalidGrant(error: unknown): boolean {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  return typeof data === 'object' && data !== null && (data as { error?: unknown }).error === 'invalid_grant';
}
