/** The HTTP status Google answered a library call with (gaxios' error), or null when it never answered. */
export function googleErrorStatus(error: unknown): number | null {
  const status = (error as { response?: { status?: unknown }; status?: unknown } | null)?.response?.status ?? (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}
