import { createHash } from 'node:crypto';

/**
 * The stream that claims an email (see domain/email-claim.ts), named after its hash: registering
 * (user-registration.ts) claims it, deleting the account (delete-account/) releases it.
 */
export const emailClaimStream = (email: string) => `user-email-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
