import { publicBaseUrl, type AppConfig } from '../../../config/app-config';
import { SECRET_TOKEN_PATTERN } from '../../../platform/http/secret-token';

/**
 * A feed link's secret (docs/calendar.md): a secret token (platform/http/secret-token.ts). It
 * appears only in the answer of POST /api/calendar/feed-token; events and the read model hold its
 * SHA-256 (hashSecretToken), which is what a feed request looks up.
 */
const FEED_FILE = new RegExp(`^(${SECRET_TOKEN_PATTERN})\\.ics$`);

/** `{token}.ics` of a token we could have issued; anything else is unknown without a lookup. */
export const feedTokenOfFile = (file: string): string | null => FEED_FILE.exec(file)?.[1] ?? null;

/** `{PUBLIC_URL}/api/calendar/feed/{token}.ics`. */
export const feedUrl = (config: Pick<AppConfig, 'publicUrl' | 'port'>, token: string): string => `${publicBaseUrl(config)}/api/calendar/feed/${token}.ics`;
