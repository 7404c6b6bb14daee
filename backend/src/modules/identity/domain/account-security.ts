/**
 * Security facts of one account, in their own stream `account-security-{userId}` so the user stream
 * (replayed by every profile command) does not grow with each sign-in. They are recorded, not
 * decided: nothing can refuse that a sign-in happened.
 */
export type AccountSecurityEvent =
  | { type: 'SignedIn'; data: { userId: string; method: 'password' | 'passkey' | 'google'; address: string; userAgent: string; signedInAt: string } }
  /** `method` only for a refused passkey (a wrong password has none, as before passkeys). */
  | { type: 'SignInFailed'; data: { userId: string; method?: 'passkey'; address: string; userAgent: string; failedAt: string } }
  | { type: 'SignedOut'; data: { userId: string; signedOutAt: string } };

export const accountSecurityStream = (userId: string) => `account-security-${userId}`;

/** Longest user agent kept: enough to tell a browser and a device apart. */
export const USER_AGENT_MAX_LENGTH = 300;
