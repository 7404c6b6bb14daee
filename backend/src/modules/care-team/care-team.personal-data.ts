import { ERASED, type PersonalDataDeclaration } from '../../platform/privacy/personal-data';
import type { CareTeamEvent } from './domain/care-team';

/**
 * Whom an invitation was sent to is personal data, kept under the inviter's key (the stream's
 * subject): deleting the inviter's account shreds it (docs/privacy.md). The token hash is not.
 */
export const careTeamPersonalData: PersonalDataDeclaration<CareTeamEvent> = {
  CaregiverInvited: { subject: 'primaryUserId', fields: { inviteeEmail: ERASED, inviteeName: ERASED } },
};
