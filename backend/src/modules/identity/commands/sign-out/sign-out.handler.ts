import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SecurityLog } from '../../session/security-log';
import { commandOf } from '../../../../platform/commands/command';

/** A session ended by its user; `userId`: whose it was, null when the request had none. */
export class SignOut extends commandOf<{ userId: string | null }>() {}

/** Records the sign-out for the user's audit log once the session is gone; a visitor without a session leaves nothing to record. */
@CommandHandler(SignOut)
export class SignOutHandler implements ICommandHandler<SignOut> {
  constructor(private readonly securityLog: SecurityLog) {}

  async execute({ userId, metadata }: SignOut): Promise<void> {
    if (userId) await this.securityLog.signedOut(userId, metadata);
  }
}
