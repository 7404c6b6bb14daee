import { Module } from '@nestjs/common';
import { PersonalData } from '../../platform/privacy/personal-data';
import { userPersonalData } from './identity.personal-data';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeTimezoneHandler } from './commands/change-timezone/change-timezone.handler';
import { ChangePrayerSettingsHandler } from './commands/change-prayer-settings/change-prayer-settings.handler';
import { DeleteAccountHandler } from './commands/delete-account/delete-account.handler';
import { DeleteAccountController } from './commands/delete-account/delete-account.http';
import { JoinCareTeamHandler } from './commands/join-care-team/join-care-team.handler';
import { RegisterUserHandler } from './commands/register-user/register-user.handler';
import { SignInHandler } from './commands/sign-in/sign-in.handler';
import { SignInController } from './commands/sign-in/sign-in.http';
import { SignOutHandler } from './commands/sign-out/sign-out.handler';
import { SignOutController } from './commands/sign-out/sign-out.http';
import { SignUpHandler } from './commands/sign-up/sign-up.handler';
import { SignUpController } from './commands/sign-up/sign-up.http';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler';
import { UpdateProfileController } from './commands/update-profile/update-profile.http';
import { UserRegistration } from './commands/user-registration';
import { RegisterPasskeyHandler } from './commands/register-passkey/register-passkey.handler';
import { RegisterPasskeyController } from './commands/register-passkey/register-passkey.http';
import { RemovePasskeyHandler } from './commands/remove-passkey/remove-passkey.handler';
import { RemovePasskeyController } from './commands/remove-passkey/remove-passkey.http';
import { SignInWithGoogleHandler } from './commands/sign-in-with-google/sign-in-with-google.handler';
import { SignInWithGoogleController } from './commands/sign-in-with-google/sign-in-with-google.http';
import { SignInWithPasskeyHandler } from './commands/sign-in-with-passkey/sign-in-with-passkey.handler';
import { SignInWithPasskeyController } from './commands/sign-in-with-passkey/sign-in-with-passkey.http';
import { WebAuthnStatusController } from './read-models/webauthn-credentials/webauthn-credentials.http';
import { WebAuthnCredentialsProjection } from './read-models/webauthn-credentials/webauthn-credentials.projection';
import { WebAuthnCredentialsQuery } from './read-models/webauthn-credentials/webauthn-credentials.query';
import { PasskeyCeremonies } from './session/passkey-ceremonies';
import { UserCredentialsProjection } from './read-models/user-credentials/user-credentials.projection';
import { UserCredentialsQuery } from './read-models/user-credentials/user-credentials.query';
import { UsersReadController } from './read-models/users/users.http';
import { UsersProjection } from './read-models/users/users.projection';
import { UsersQuery } from './read-models/users/users.query';
import { AuthThrottle } from './session/auth-throttle';
import { SecurityLog } from './session/security-log';
import { SessionGuard } from './session/session.guard';

@Module({
  imports: [CqrsModule],
  controllers: [UsersReadController, SignInController, SignOutController, SignUpController, UpdateProfileController, DeleteAccountController,
    RegisterPasskeyController, SignInWithPasskeyController, RemovePasskeyController, WebAuthnStatusController, SignInWithGoogleController,
  ],
  providers: [
    SignInHandler,
    SignOutHandler,
    SignUpHandler,
    UserRegistration,
    RegisterUserHandler,
    ChangeTimezoneHandler,
    ChangePrayerSettingsHandler,
    UpdateProfileHandler,
    DeleteAccountHandler,
    JoinCareTeamHandler,
    RegisterPasskeyHandler,
    SignInWithPasskeyHandler,
    RemovePasskeyHandler,
    SignInWithGoogleHandler,
    PasskeyCeremonies,
    WebAuthnCredentialsQuery,
    WebAuthnCredentialsProjection,
    UsersQuery,
    UserCredentialsQuery,
    AuthThrottle,
    SecurityLog,
    UsersProjection,
    UserCredentialsProjection,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [UsersQuery],
})
export class IdentityModule {
  constructor(personalData: PersonalData) {
    personalData.declare(userPersonalData);
  }
}

