import { verify } from '@node-rs/argon2';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { Erasure } from '../../../../platform/privacy/erasure';
import { emailClaimDecider } from '../../domain/email-claim';
import { passkeysStream } from '../../domain/passkeys';
import { PASSKEY_MESSAGES, passkeysDecider } from '../../domain/passkeys.decide';
import { userStream } from '../../domain/user';
import { userDecider } from '../../domain/user.decide';
import { UserCredentialsQuery } from '../../read-models/user-credentials/user-credentials.query';
import { WebAuthnCredentialsQuery } from '../../read-models/webauthn-credentials/webauthn-credentials.query';
import { AuthThrottle } from '../../session/auth-throttle';
import { PasskeyCeremonies } from '../../session/passkey-ceremonies';
import { emailClaimStream } from '../email-claim-stream';
import { verifyPasskeyAssertion } from '../passkey-assertion';
import { commandOf } from '../../../../platform/commands/command';

export const WRONG_PASSWORD = 'The password is not correct.';
export const PASSKEY_NOT_CONFIRMED = 'Your passkey could not confirm that it is you. Nothing was deleted; please try again.';

/**
 * How the user confirms: their password, or a passkey's answer to the challenge this session began
 * for deleting this user's account (POST /api/user/delete/passkey-options; the controller takes it once).
 */
export type DeletionProof =
  | { password: string }
  | { passkey: { response: AuthenticationResponseJSON; challenge: string } };

export class DeleteAccount extends commandOf<{ user: { id: string; email: string }; proof: DeletionProof; ip: string }>() {}

/**
 * Delete Account (docs/privacy.md): the password again or a fresh passkey answer, then every module's
 * part (the recipients the user owns are removed and erased, access shared with them ends), UserErased
 * (the users and credentials rows go), the email may be registered again, and the user's key is
 * destroyed with their sessions. Each password attempt counts toward the sign-in throttle.
 */
@CommandHandler(DeleteAccount)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccount> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly credentials: UserCredentialsQuery,
    private readonly passkeys: WebAuthnCredentialsQuery,
    private readonly ceremonies: PasskeyCeremonies,
    private readonly throttle: AuthThrottle,
    private readonly erasure: Erasure,
  ) {}

  async execute({ user, proof, ip, metadata }: DeleteAccount): Promise<void> {
    if ('password' in proof) await this.checkPassword(user, proof.password, ip);
    else await this.checkPasskey(user.id, proof.passkey, metadata);
    await this.erasure.eraseAccountData(user.id, metadata);
    await this.streams.execute(userStream(user.id), userDecider, { type: 'EraseUser', data: {}, metadata });
    await this.streams.execute(emailClaimStream(user.email), emailClaimDecider, { type: 'ReleaseEmail', data: { userId: user.id }, metadata });
    await this.erasure.erase([user.id]);
  }

  private async checkPassword(user: { id: string; email: string }, password: string, ip: string): Promise<void> {
    // Counted before the check, like a sign-in: parallel guesses cannot outrun the throttle.
    await this.throttle.beforePasswordCheck(user.email, ip);
    const found = await this.credentials.byEmail(user.email);
    if (found?.userId !== user.id || !(await verify(found.passwordHash, password))) {
      throw new DomainError('IDENTITY.WRONG_PASSWORD', 'forbidden', WRONG_PASSWORD, [{ field: 'password', message: WRONG_PASSWORD }]);
    }
  }

  /**
   * The answer must verify against one of the user's own passkeys, and its counter must go up on the
   * user's passkeys stream (the decider refuses another user's passkey and a replayed answer).
   */
  private async checkPasskey(userId: string, { response, challenge }: { response: AuthenticationResponseJSON; challenge: string }, metadata: CommandMetadata): Promise<void> {
    const stored = await this.passkeys.byCredentialId(response.id);
    if (!stored || stored.userId !== userId) throw new DomainError('IDENTITY.PASSKEY_NOT_YOURS', 'forbidden', PASSKEY_MESSAGES.notYours);
    const { rpID, origin } = this.ceremonies.relyingParty;
    const verified = await verifyPasskeyAssertion(response, stored, { challenge, origin, rpID });
    if (!verified) throw new DomainError('IDENTITY.PASSKEY_NOT_CONFIRMED', 'forbidden', PASSKEY_NOT_CONFIRMED);
    const command = { type: 'ConfirmAccountDeletion' as const, data: { userId, passkeyId: stored.id, counter: verified.newCounter }, metadata };
    await this.streams.execute(passkeysStream(userId), passkeysDecider, command, { awaitProjections: false });
  }
}
