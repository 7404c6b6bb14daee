import { publicBaseUrl, type AppConfig } from '../../../config/app-config';
import { SECRET_TOKEN_PATTERN } from '../../../platform/http/secret-token';

/**
 * An invitation link's secret (docs/care-team.md, "Tokens"): a secret token (platform/http/secret-token.ts).
 * It appears only in the accept link (the create and new-link answers, the invitation mail); events
 * and the read model hold its SHA-256 (hashSecretToken), which is what an accept looks up.
 */
const INVITATION_TOKEN = new RegExp(`^${SECRET_TOKEN_PATTERN}$`);

/** The shape of a token we issue; anything else is an invalid link without a lookup. */
export const looksLikeInvitationToken = (text: string): boolean => INVITATION_TOKEN.test(text);

/** `{PUBLIC_URL}/accept-invitation/{token}`: the front end's accept page (spec document 1). */
export const acceptInvitationUrl = (config: Pick<AppConfig, 'publicUrl' | 'port'>, token: string): string =>
  `${publicBaseUrl(config)}/accept-invitation/${token}`;
