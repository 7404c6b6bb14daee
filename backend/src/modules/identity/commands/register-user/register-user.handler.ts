import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserRegistration, type NewUser } from '../user-registration';
import { commandOf } from '../../../../platform/commands/command';

/** An account as given, password hash and role included (the demo seed); a visitor signs up through SignUp. */
export class RegisterUser extends commandOf<{ data: NewUser }, string>() {}

/** Claims the email, then writes the user stream; answers the id of the registered user. */
@CommandHandler(RegisterUser)
export class RegisterUserHandler implements ICommandHandler<RegisterUser, string> {
  constructor(private readonly registration: UserRegistration) {}

  execute({ data, metadata }: RegisterUser): Promise<string> {
    return this.registration.register(data, metadata);
  }
}
