import { randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TokenPayload } from 'google-auth-library';
import { TEXT_MAX, type User } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { DomainError } from '../../../../platform/commands/domain-error';
import { UsersQuery } from '../../read-models/users/users.query';
import { AuthThrottle } from '../../session/auth-throttle';
import { googleOAuthClient } from '../../session/google-oauth';
import { SecurityLog, type RequestOrigin } from '../../session/security-log';
import { hashPassword } from '../password-hash';
import { UserRegistration } from '../user-registration';
import { commandOf } from '../../../../platform/commands/command';

export const GOOGLE_MESSAGES = {
  notConfigured: 'Google sign-in is not configured',
  codeRefused: 'Google sign-in failed: Google did not accept the sign-in code. Please try again.',
  tokenRefused: 'Google sign-in failed: the answer from Google could not be verified. Please try again.',
  unverifiedEmail: 'Your Google account’s email address is not verified, so it cannot sign in here.',
} as const;

/** The callback's code, with the nonce this browser's session sent to Google. */
export class SignInWithGoogle extends commandOf<{ code: string; nonce: string; origin: RequestOrigin; openSession: (userId: string) => Promise<void> }, User>() {}

/**
 * Exchanges the code at Google's token endpoint, verifies the ID token with google-auth-library
 * (issuer, audience = our client id, expiry, signature) and its nonce, then signs in the account of
 * that verified email: an existing account is used (never a second one for the same email; the email
 * claim makes a race end in one account too), a new email registers a parent with no usable password.
 * An unverified email is refused (403). Nothing is written before every check has passed.
 */
@CommandHandler(SignInWithGoogle)
export class SignInWithGoogleHandler implements ICommandHandler<SignInWithGoogle, User> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersQuery,
    private readonly registration: UserRegistration,
    private readonly throttle: AuthThrottle,
    private readonly securityLog: SecurityLog,
  ) {}

  async execute({ code, nonce, origin, metadata, openSession }: SignInWithGoogle): Promise<User> {
    const google = this.config.google;
    if (!google) throw new DomainError('IDENTITY.GOOGLE_NOT_CONFIGURED', 'gone', GOOGLE_MESSAGES.notConfigured);
    const client = await googleOAuthClient({ ...this.config, google });
    const idToken = await client.getToken(code).then(
      ({ tokens }) => tokens.id_token,
      () => null,
    );
    if (!idToken) throw new DomainError('IDENTITY.GOOGLE_CODE_REFUSED', 'invalid', GOOGLE_MESSAGES.codeRefused);
    const payload: TokenPayload | null = await client.verifyIdToken({ idToken, audience: google.clientId }).then(
      (ticket) => ticket.getPayload() ?? null,
      () => null,
    );
    if (!payload || payload.nonce !== nonce || !payload.email) throw new DomainError('IDENTITY.GOOGLE_TOKEN_REFUSED', 'forbidden', GOOGLE_MESSAGES.tokenRefused);
    if (payload.email_verified !== true) throw new DomainError('IDENTITY.GOOGLE_EMAIL_UNVERIFIED', 'forbidden', GOOGLE_MESSAGES.unverifiedEmail);

    const email = payload.email.trim().toLowerCase();
    const userId = (await this.users.byEmail(email))?.id ?? (await this.register(email, payload, origin.address, metadata));
    const user = await this.users.byId(userId);
    if (!user) throw new DomainError('IDENTITY.USER_NOT_FOUND', 'not_found', 'User not found');
    await openSession(user.id);
    await this.securityLog.signedIn(user.id, origin, metadata, 'google');
    return user;
  }

  /** A first Google sign-in: counted like any registration from the address; the password is a random one nobody knows. */
  private async register(email: string, payload: TokenPayload, address: string, metadata: CommandMetadata): Promise<string> {
    await this.throttle.beforeRegistration(address);
    const name = (text: string | undefined) => text?.trim().slice(0, TEXT_MAX.personName) || undefined;
    const firstName = name(payload.given_name) ?? name(payload.name) ?? name(email.split('@')[0])!;
    const lastName = name(payload.family_name) ?? '-';
    const role = this.config.adminEmails.includes(email) ? 'super_admin' : 'parent';
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    return this.registration.register({ userId: randomUUID(), email, passwordHash, firstName, lastName, role, signUpMethod: 'google' }, metadata);
  }
}
