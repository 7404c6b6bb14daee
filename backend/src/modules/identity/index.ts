/** Identity's public surface: other modules use only what is exported here. */
import { UserCredentialsEntity } from './read-models/user-credentials/user-credentials.entity';
import { UserEntity } from './read-models/users/users.entity';
import { WebAuthnCredentialEntity } from './read-models/webauthn-credentials/webauthn-credentials.entity';

export { IdentityModule } from './identity.module';
export { CurrentUser, Public, SuperAdminOnly } from './session/session.guard';
export type { AccountSecurityEvent } from './domain/account-security';
export type { UserEvent } from './domain/user';
export type { PasskeyEvent } from './domain/passkeys';
export { adminSearchText, displayName, USER_OF_SESSION, userListCursor, UsersQuery, type PrayerTaskSettings } from './read-models/users/users.query';
export { JoinCareTeam } from './commands/join-care-team/join-care-team.handler';
export { RegisterUser } from './commands/register-user/register-user.handler';
export { hashPassword } from './commands/password-hash';
export { ChangePrayerSettings } from './commands/change-prayer-settings/change-prayer-settings.handler';
export { PRAYER_SETTINGS_MESSAGES, type PrayerSettingsInput } from './domain/user.decide';
export { ChangeTimezone } from './commands/change-timezone/change-timezone.handler';
export const IdentityEntities = [UserEntity, UserCredentialsEntity, WebAuthnCredentialEntity];
