import { hash, verify, Algorithm } from '@node-rs/argon2';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { User } from '@carecircle/libs';
import { UserCredentialsQuery } from '../../read-models/user-credentials/user-credentials.query';
import { UsersQuery } from '../../read-models/users/users.query';
import { AuthThrottle } from '../../session/auth-throttle';
import { SecurityLog, type RequestOrigin } from '../../session/security-log';
import { commandOf } from '../../../../platform/commands/command';

/**
 * A password sign-in. `openSession` is the HTTP side's session (a new one for this user), opened
 * once the password is right and before the sign-in is recorded. Answers the user, or null when
 * the email and password do not match (a 401).
 */
export class SignIn extends commandOf<{ email: string; password: string; origin: RequestOrigin; openSession: (userId: string) => Promise<void> }, User | null>() {}

/** Compared against when the email is unknown, so both failures take the same time. */
const UNKNOWN_USER_HASH = hash('not-a-real-password', { algorithm: Algorithm.Argon2id });

/**
 * Password sign-in only: the throttle guards the password check (a passkey sign-in, when built,
 * needs none). A wrong password of a known account is recorded for its owner's audit log; a
 * success clears the throttle's count for the email and address.
 */
@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn, User | null> {
  constructor(
    private readonly credentials: UserCredentialsQuery,
    private readonly users: UsersQuery,
    private readonly throttle: AuthThrottle,
    private readonly securityLog: SecurityLog,
  ) {}

  async execute({ email, password, origin, metadata, openSession }: SignIn): Promise<User | null> {
    await this.throttle.beforePasswordCheck(email, origin.address);
    const found = await this.credentials.byEmail(email);
    const valid = await verify(found?.passwordHash ?? (await UNKNOWN_USER_HASH), password);
    const user = found && valid ? await this.users.byId(found.userId) : null;
    if (!user) {
      if (found) await this.securityLog.signInFailed(found.userId, origin, metadata);
      return null;
    }
    await this.throttle.afterSuccessfulSignIn(email, origin.address);
    await openSession(user.id);
    await this.securityLog.signedIn(user.id, origin, metadata);
    return user;
  }
}
