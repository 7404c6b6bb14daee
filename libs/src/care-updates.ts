import type { Page } from './api';

/**
 * Care updates (issue 11): a short journal per care recipient. Any caregiver who sees the recipient
 * posts an update (text, an optional photo, an "important" flag); everyone who sees the recipient
 * reads them on Today. Both sides import these contracts; the card's texts live here too so the
 * API's messages and the screen say the same thing (docs/care-updates.md).
 */

/** Longest update, in characters once trimmed; the API refuses more (400) and the textarea stops there. */
export const CARE_UPDATE_MAX_TEXT = 2000;

export const CARE_UPDATE_LIMITS = {
  /** Updates one caregiver may post about one recipient in any 24 hours (409 beyond). */
  perAuthorPerDay: 50,
  /** Updates per page of GET /api/children/{childId}/updates when `?limit` is absent (at most PAGE_LIMITS.max). */
  pageSize: 20,
  /** Edits of one update (400 beyond): its history (GET /api/updates/{id}/history) stays a bounded answer. */
  editsPerUpdate: 50,
} as const;

/** Characters of an important update's text quoted in its in-app notification. */
export const CARE_UPDATE_NOTIFICATION_EXCERPT = 200;

/** The in-app notification type of an important update. */
export const CARE_UPDATE_NOTIFICATION_TYPE = 'care_update';

export const CARE_UPDATE_TEXT = {
  textRequired: 'Please write an update.',
  tooLong: `An update can be at most ${CARE_UPDATE_MAX_TEXT} characters.`,
  notFound: 'Care update not found',
  recipientNotFound: 'Care recipient not found',
  /** Someone who sees the recipient, but neither wrote the update nor is the primary caregiver. */
  notYours: 'Only the person who posted this update or the primary caregiver can change it.',
  dailyLimit: `You have posted ${CARE_UPDATE_LIMITS.perAuthorPerDay} updates about this person in the last 24 hours. Please try again later.`,
  editLimit: `An update can be edited at most ${CARE_UPDATE_LIMITS.editsPerUpdate} times. Post a new one instead.`,
  /** The author's name once their account is deleted (the update stays with the recipient). */
  formerCaregiver: 'Former caregiver',
} as const;

/** POST /api/children/{childId}/updates and PUT /api/updates/{id} (a full replace). */
export interface CareUpdateInput {
  text: string;
  /** An https:// link or a path POST /api/upload answered; blank or absent: no photo. */
  imageUrl?: string | null;
  /** Default false. */
  important?: boolean;
}

export interface CareUpdate {
  id: string;
  childId: string;
  text: string;
  imageUrl: string | null;
  important: boolean;
  authorId: string;
  /** The author's name now; "Former caregiver" once their account is deleted. */
  authorName: string;
  createdAt: string;
  /** When the text, photo or flag last changed; null if never. */
  editedAt: string | null;
  /** Whether the signed-in user may edit and remove it (its author or the recipient's primary caregiver). */
  canChange: boolean;
}

/** A page of updates, newest first; `next` asks for the next (older) page, null on the last. */
export type CareUpdatePage = Page<CareUpdate>;

/** One version of an update in GET /api/updates/{id}/history: as posted, each edit, the removal. */
export interface CareUpdateVersion {
  type: 'posted' | 'edited' | 'removed';
  /** Null for the removal. */
  text: string | null;
  imageUrl: string | null;
  important: boolean;
  actorId: string | null;
  /** The actor's name now; "Former caregiver" once their account is deleted. */
  actorName: string;
  occurredAt: string;
  /** The version's number in this history, from 0 (as posted), increasing. */
  revision: number;
}
