/** The accept page of an invitation link: `/accept-invitation/{token}` (spec document 1). */
export const acceptInvitationPath = (token: string) => `/accept-invitation/${encodeURIComponent(token)}`;

/** The token of an accept page's path (a sign-in page's `next`), or null for any other path. */
export function invitationTokenOf(path: string | null): string | null {
  const match = /^\/accept-invitation\/([A-Za-z0-9_-]+)(?:[?#]|$)/.exec(path ?? '');
  return match ? match[1] : null;
}
