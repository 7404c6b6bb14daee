import { ERASED, type PersonalDataDeclaration } from '../../platform/privacy/personal-data';
import type { AccountSecurityEvent } from './domain/account-security';
import type { UserEvent } from './domain/user';

/** A user's names, email and password hash, encrypted with their key (docs/privacy.md). */
export const userPersonalData: PersonalDataDeclaration<UserEvent | AccountSecurityEvent> = {
  UserRegistered: {
    subject: 'userId',
    // Unique columns: two erased users must not collide in a rebuild.
    fields: { email: (userId) => `erased-${userId}@erased.invalid`, passwordHash: ERASED, firstName: ERASED, lastName: ERASED },
  },
  ProfileUpdated: { subject: 'userId', fields: { firstName: ERASED, lastName: ERASED } },
  // Where the user's prayer times are computed: a location (issue 24); erased, none is known.
  PrayerSettingsChanged: { subject: 'userId', fields: { location: null } },
  // Where and with what browser someone signed in (the audit log).
  SignedIn: { subject: 'userId', fields: { address: ERASED, userAgent: ERASED } },
  SignInFailed: { subject: 'userId', fields: { address: ERASED, userAgent: ERASED } },
};
