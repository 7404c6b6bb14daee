import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { AuthThrottle } from '../../session/auth-throttle';
import { hashPassword } from '../password-hash';
import { UserRegistration } from '../user-registration';
import { commandOf } from '../../../../platform/commands/command';

/** A visitor creates an account with their email and password (POST /api/auth/register). */
export class SignUp extends commandOf<{ userId: string; input: { email: string; password: string; firstName: string; lastName: string }; address: string }, string>() {}

/**
 * Counts the attempt against its address (429 past the hourly limit), stores the email lowercased
 * and the password only as its argon2id hash, makes an ADMIN_EMAILS address a super admin (everyone
 * else a parent), then registers the account; answers the id of the registered user.
 */
@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp, string> {
  constructor(
    private readonly throttle: AuthThrottle,
    private readonly registration: UserRegistration,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, input, address, metadata }: SignUp): Promise<string> {
    await this.throttle.beforeRegistration(address);
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    const role = this.config.adminEmails.includes(email) ? 'super_admin' : 'parent';
    return this.registration.register({ userId, email, passwordHash, firstName: input.firstName, lastName: input.lastName, role }, metadata);
  }
}
