import { verify } from '@node-rs/argon2';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { Erasure } from '../../../../platform/privacy/erasure';
import { emailClaimDecider } from '../../domain/email-claim';
import { userStream } from '../../domain/user';
import { userDecider } from '../../domain/user.decide';
import { UserCredentialsQuery } from '../../read-models/user-credentials/user-credentials.query';
import { AuthThrottle } from '../../session/auth-throttle';
import { emailClaimStream } from '../email-claim-stream';

export const WRONG_PASSWORD = 'The password is not correct.';

export class DeleteAccount {
  constructor(
    readonly user: { id: string; email: string },
    readonly password: string,
    readonly ip: string,
    readonly metadata: CommandMetadata,
  ) {}
}

/**
 * Delete Account (docs/privacy.md): the password again, then every module's part (the recipients the
 * user owns are removed and erased, access shared with them ends), UserErased (the users and
 * credentials rows go), the email may be registered again, and the user's key is destroyed with their
 * sessions. Each attempt counts toward the sign-in throttle.
 */
@CommandHandler(DeleteAccount)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccount> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly credentials: UserCredentialsQuery,
    private readonly throttle: AuthThrottle,
    private readonly erasure: Erasure,
  ) {}

  async execute({ user, password, ip, metadata }: DeleteAccount): Promise<void> {
    // Counted before the check, like a sign-in: parallel guesses cannot outrun the throttle.
    await this.throttle.beforePasswordCheck(user.email, ip);
    const found = await this.credentials.byEmail(user.email);
    if (found?.userId !== user.id || !(await verify(found.passwordHash, password))) {
      throw new DomainError('IDENTITY.WRONG_PASSWORD', 'forbidden', WRONG_PASSWORD, [{ field: 'password', message: WRONG_PASSWORD }]);
    }
    await this.erasure.eraseAccountData(user.id, metadata);
    await this.streams.execute(userStream(user.id), userDecider, { type: 'EraseUser', data: {}, metadata });
    await this.streams.execute(emailClaimStream(user.email), emailClaimDecider, { type: 'ReleaseEmail', data: { userId: user.id }, metadata });
    await this.erasure.erase([user.id]);
  }
}
