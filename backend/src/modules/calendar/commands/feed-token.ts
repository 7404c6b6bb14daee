import { createHash, randomBytes } from 'node:crypto';
import { publicBaseUrl, type AppConfig } from '../../../config/app-config';

/**
 * A feed link's secret (docs/calendar.md): 32 random bytes (256 bits), base64url, 43 characters. It
 * appears only in the answer of POST /api/calendar/feed-token; events and the read model hold its
 * SHA-256, which is what a feed request looks up.
 */
export const newFeedToken = (): string => randomBytes(32).toString('base64url');

export const hashFeedToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** `{token}.ics` of a token we could have issued; anything else is unknown without a lookup. */
export const feedTokenOfFile = (file: string): string | null => /^([A-Za-z0-9_-]{43})\.ics$/.exec(file)?.[1] ?? null;

/** `{PUBLIC_URL}/api/calendar/feed/{token}.ics`. */
export const feedUrl = (config: Pick<AppConfig, 'publicUrl' | 'port'>, token: string): string => `${publicBaseUrl(config)}/api/calendar/feed/${token}.ics`;
