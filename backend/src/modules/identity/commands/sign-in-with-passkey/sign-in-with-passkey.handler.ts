import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { User } from '@carecircle/libs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { passkeysStream } from '../../domain/passkeys';
import { passkeysDecider } from '../../domain/passkeys.decide';
import { UsersQuery } from '../../read-models/users/users.query';
import { WebAuthnCredentialsQuery } from '../../read-models/webauthn-credentials/webauthn-credentials.query';
import { PasskeyCeremonies } from '../../session/passkey-ceremonies';
import { SecurityLog, type RequestOrigin } from '../../session/security-log';
import { verifyPasskeyAssertion } from '../passkey-assertion';
import { commandOf } from '../../../../platform/commands/command';

/**
 * POST /api/webauthn/authenticate/complete: a passkey's answer to the challenge this browser's session
 * began. `userId`, when the page named one, must be the passkey's owner. Answers the user (after
 * `openSession`), or null: a 401 that says no more than "Authentication failed".
 */
export class SignInWithPasskey extends commandOf<{ response: AuthenticationResponseJSON; expectedChallenge: string; userId: string | null; origin: RequestOrigin; openSession: (userId: string) => Promise<void> }, User | null>() {}

/**
 * Verifies the assertion (challenge, origin, RP ID, signature, user presence) against the stored public
 * key, then records the new signature counter, which the decider requires to have gone up (a cloned
 * authenticator, or an answer recorded earlier, is refused). Never counted by the password throttle:
 * there is no password to guess. A failed assertion of a known passkey is recorded for its owner's
 * audit log, a success like a password sign-in (method 'passkey') after a new session id.
 */
@CommandHandler(SignInWithPasskey)
export class SignInWithPasskeyHandler implements ICommandHandler<SignInWithPasskey, User | null> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly ceremonies: PasskeyCeremonies,
    private readonly credentials: WebAuthnCredentialsQuery,
    private readonly users: UsersQuery,
    private readonly securityLog: SecurityLog,
  ) {}

  async execute({ response, expectedChallenge, userId, origin, metadata, openSession }: SignInWithPasskey): Promise<User | null> {
    const stored = await this.credentials.byCredentialId(response.id);
    if (!stored || (userId !== null && userId !== stored.userId)) return null;
    const owner = stored.userId;
    const { rpID, origin: expectedOrigin } = this.ceremonies.relyingParty;
    const verified = await verifyPasskeyAssertion(response, stored, { challenge: expectedChallenge, origin: expectedOrigin, rpID });
    const user = verified ? await this.users.byId(owner) : null;
    if (!verified || !user) {
      await this.securityLog.signInFailed(owner, origin, metadata, 'passkey');
      return null;
    }
    try {
      const command = { type: 'UsePasskey' as const, data: { userId: owner, passkeyId: stored.id, counter: verified.newCounter }, metadata: { ...metadata, actorId: owner } };
      // Waits for the passkey's row (new counter, last used): the new session's first read shows it, and
      // that session has no earlier writes of its own for its next request to wait on.
      await this.streams.execute(passkeysStream(owner), passkeysDecider, command);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await this.securityLog.signInFailed(owner, origin, metadata, 'passkey');
      return null;
    }
    await openSession(owner);
    await this.securityLog.signedIn(owner, origin, metadata, 'passkey');
    return user;
  }
}
