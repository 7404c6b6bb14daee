import { ERASED, type PersonalDataDeclaration } from '../../platform/privacy/personal-data';
import type { CareUpdateEvent } from './domain/care-updates';

const update = { text: ERASED, imageUrl: null } as const;

/**
 * An update's text and photo are what was said about the recipient: encrypted with the recipient's
 * key (docs/privacy.md), so removing the recipient erases them. The author is an id (their name is
 * read from the users read model when shown, so it is never in an event); the flag and times are not
 * personal.
 */
export const careUpdatesPersonalData: PersonalDataDeclaration<CareUpdateEvent> = {
  CareUpdatePosted: { subject: 'childId', fields: update },
  CareUpdateEdited: { subject: 'childId', fields: update },
};
