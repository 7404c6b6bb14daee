import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type Redis from 'ioredis';
import type { User } from '@carecircle/libs';
import { APP_CONFIG, publicBaseUrl, type AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../platform/commands/domain-error';
import { REDIS } from '../../../platform/queue/queue.module';
import { WebAuthnCredentialsQuery } from '../read-models/webauthn-credentials/webauthn-credentials.query';

declare module 'express-session' {
  interface SessionData {
    /** The passkey ceremony this browser began (its challenge is in Redis under this id). */
    webauthnCeremony?: string;
  }
}

/** How long a begun ceremony may take before its challenge expires. */
export const CEREMONY_SECONDS = 5 * 60;
export const CEREMONY_GONE = 'This passkey request expired or was already used. Please try again.';

export const NO_PASSKEY_TO_CONFIRM = 'You have no passkey to confirm with. Add one under Security & Authentication, or enter your password.';

/** What a ceremony is for: its challenge answers only that (a sign-in's answer never deletes an account, nor the reverse). */
type Kind = 'register' | 'authenticate' | 'delete-account';
interface Ceremony {
  kind: Kind;
  challenge: string;
  /** Registration and deletion: the signed-in user; sign-in: the user the page named, if any. */
  userId: string | null;
}

/**
 * The relying party is where users reach the app: PUBLIC_URL's host (the RP ID) and origin, else
 * http://localhost:PORT. Browsers refuse an IP address as an RP ID, so a loopback PUBLIC_URL
 * (http://127.0.0.1:3100, as the browser tests run) means the same machine by name: localhost.
 */
export function relyingParty(config: Pick<AppConfig, 'publicUrl' | 'port'>) {
  const url = new URL(publicBaseUrl(config));
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { rpName: 'CareCircle', rpID: url.hostname, origin: url.origin };
}

/** The WebAuthn user ID of a user: their id's UTF-8 bytes (36, within the spec's 1 to 64). */
export const webAuthnUserId = (userId: string): Uint8Array => new TextEncoder().encode(userId);

/** @simplewebauthn/server, loaded at the first ceremony: it is a tenth of the app's module loading. */
export const webAuthn = () => import('@simplewebauthn/server');

/**
 * Begins passkey ceremonies and hands each challenge back once. A challenge lives in Redis for
 * CEREMONY_SECONDS under a random ceremony id kept in the browser's session: it is bound to that
 * session, taken with GETDEL (one use, even when two requests race), and a new begin replaces it.
 */
@Injectable()
export class PasskeyCeremonies {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly credentials: WebAuthnCredentialsQuery,
  ) {}

  get relyingParty() {
    return relyingParty(this.config);
  }

  /** Options for navigator.credentials.create(): a discoverable passkey, none of the user's own again. */
  async beginRegistration(req: Request, user: User) {
    const { rpName, rpID } = this.relyingParty;
    const existing = await this.credentials.ofUser(user.id);
    const options = await (await webAuthn()).generateRegistrationOptions({
      rpName,
      rpID,
      userName: user.email,
      userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
      userID: webAuthnUserId(user.id) as Uint8Array<ArrayBuffer>,
      attestationType: 'none',
      timeout: CEREMONY_SECONDS * 1000,
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.remember(req, { kind: 'register', challenge: options.challenge, userId: user.id });
    return options;
  }

  /**
   * Options for navigator.credentials.get(). allowCredentials is always empty: the browser offers the
   * passkeys it holds for this site (discoverable credentials), so the answer never tells a visitor
   * whether an account, or a given user, has passkeys.
   */
  async beginAuthentication(req: Request, userId: string | null) {
    const options = await (await webAuthn()).generateAuthenticationOptions({
      rpID: this.relyingParty.rpID,
      allowCredentials: [],
      userVerification: 'preferred',
      timeout: CEREMONY_SECONDS * 1000,
    });
    await this.remember(req, { kind: 'authenticate', challenge: options.challenge, userId });
    return options;
  }

  /**
   * Options for confirming Delete Account with a passkey: bound to the signed-in user (only their
   * passkeys are offered, and only one of them is accepted) and to that purpose; 400 when they have none.
   */
  async beginAccountDeletion(req: Request, userId: string) {
    const own = await this.credentials.ofUser(userId);
    if (own.length === 0) throw new DomainError('IDENTITY.NO_PASSKEY', 'invalid', NO_PASSKEY_TO_CONFIRM);
    const options = await (await webAuthn()).generateAuthenticationOptions({
      rpID: this.relyingParty.rpID,
      allowCredentials: own.map((row) => ({ id: row.credentialId, transports: row.transports })),
      userVerification: 'preferred',
      timeout: CEREMONY_SECONDS * 1000,
    });
    await this.remember(req, { kind: 'delete-account', challenge: options.challenge, userId });
    return options;
  }

  /** The challenge of the ceremony this session began, once; a 400 when there is none (expired, used, or another kind). */
  async take(req: Request, kind: Kind): Promise<Ceremony> {
    const id = req.session?.webauthnCeremony;
    if (req.session) delete req.session.webauthnCeremony;
    const stored = id ? await this.redis.getdel(this.key(id)) : null;
    const ceremony = stored ? (JSON.parse(stored) as Ceremony) : null;
    if (!ceremony || ceremony.kind !== kind) throw new DomainError('IDENTITY.PASSKEY_CEREMONY_GONE', 'invalid', CEREMONY_GONE);
    return ceremony;
  }

  private async remember(req: Request, ceremony: Ceremony): Promise<void> {
    const previous = req.session.webauthnCeremony;
    if (previous) await this.redis.del(this.key(previous));
    const id = randomUUID();
    await this.redis.set(this.key(id), JSON.stringify(ceremony), 'EX', CEREMONY_SECONDS);
    req.session.webauthnCeremony = id;
  }

  private key(id: string) {
    return `webauthn:ceremony:${id}`;
  }
}
