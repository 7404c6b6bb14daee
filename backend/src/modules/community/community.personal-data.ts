import { ERASED, type PersonalDataDeclaration } from '../../platform/privacy/personal-data';
import type { PostEvent } from './domain/post';

/**
 * What members write is theirs: a post's title and body and a comment's body are encrypted with
 * the author's key, a removal reason with the moderator's, a report's reason with the reporter's
 * (docs/privacy.md). Deleting an account destroys the key: the events read "Erased", and the
 * posts projection empties the rows' text (the thread keeps its shape, "Deleted account").
 * Ids, flags and times are not personal; an anonymous post's author id never leaves the server
 * but to its author and the group's moderators.
 */
export const communityPersonalData: PersonalDataDeclaration<PostEvent> = {
  PostCreated: { subject: 'authorId', fields: { title: ERASED, body: ERASED } },
  CommentAdded: { subject: 'authorId', fields: { body: ERASED } },
  PostRemoved: { subject: 'removedBy', fields: { reason: ERASED } },
  CommentRemoved: { subject: 'removedBy', fields: { reason: ERASED } },
  ContentReported: { subject: 'reporterId', fields: { reason: ERASED } },
};
