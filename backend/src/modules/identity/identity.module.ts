import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeTimezoneHandler } from './commands/change-timezone/change-timezone.handler';
import { ChangeTimezoneController } from './commands/change-timezone/change-timezone.http';
import { RegisterUserHandler } from './commands/register-user/register-user.handler';
import { RegisterUserController } from './commands/register-user/register-user.http';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler';
import { UpdateProfileController } from './commands/update-profile/update-profile.http';
import { UserCredentialsProjection } from './read-models/user-credentials/user-credentials.projection';
import { UserCredentialsQuery } from './read-models/user-credentials/user-credentials.query';
import { UsersProjection } from './read-models/users/users.projection';
import { UsersQuery } from './read-models/users/users.query';
import { AuthController } from './session/auth.http';
import { LoginThrottle } from './session/login-throttle';
import { SecurityLog } from './session/security-log';
import { SessionGuard } from './session/session.guard';

@Module({
  imports: [CqrsModule],
  controllers: [AuthController, RegisterUserController, ChangeTimezoneController, UpdateProfileController],
  providers: [
    RegisterUserHandler,
    ChangeTimezoneHandler,
    UpdateProfileHandler,
    UsersQuery,
    UserCredentialsQuery,
    LoginThrottle,
    SecurityLog,
    UsersProjection,
    UserCredentialsProjection,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [UsersQuery],
})
export class IdentityModule {}

