import { createHash, randomBytes } from 'node:crypto';

/**
 * A secret we put in a URL once (an invitation's accept link, a calendar feed, Google's consent
 * `state`): 32 random bytes (256 bits), base64url, 43 characters. What we keep is its SHA-256, which
 * is what a request is looked up or compared by: a lookup compares hashes (no timing leak about the
 * token) and a database dump gives no usable link.
 */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const hashSecretToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The text of a token newSecretToken issues, to build patterns on (an unissuable one is refused without a lookup). */
export const SECRET_TOKEN_PATTERN = '[A-Za-z0-9_-]{43}';
