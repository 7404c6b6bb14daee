import { createHash, randomBytes } from 'node:crypto';
import { publicBaseUrl, type AppConfig } from '../../../config/app-config';

/**
 * An invitation link's secret (docs/care-team.md, "Tokens"): 32 random bytes (256 bits), base64url.
 * It appears only in the accept link (the create and new-link answers, the invitation mail); events
 * and the read model hold its SHA-256, which is what an accept looks up, so a lookup compares hashes
 * (no timing leak about the token) and a database dump gives no usable link.
 */
export const newInvitationToken = (): string => randomBytes(32).toString('base64url');

export const hashInvitationToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The shape of a token we issue; anything else is an invalid link without a lookup. */
export const looksLikeInvitationToken = (text: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(text);

/** `{PUBLIC_URL}/accept-invitation/{token}`: the front end's accept page (spec document 1). */
export const acceptInvitationUrl = (config: Pick<AppConfig, 'publicUrl' | 'port'>, token: string): string =>
  `${publicBaseUrl(config)}/accept-invitation/${token}`;
