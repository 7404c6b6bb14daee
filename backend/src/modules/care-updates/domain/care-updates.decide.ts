import { CARE_UPDATE_LIMITS, CARE_UPDATE_MAX_TEXT, CARE_UPDATE_TEXT, isSafeLink, isSafeText, VALIDATION_MESSAGES, type CareUpdateInput } from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import {
  evolveCareUpdates,
  initialCareUpdatesState,
  type CareUpdateDetails,
  type CareUpdateEntry,
  type CareUpdateEvent,
  type CareUpdatesState,
} from './care-updates';

type Command<Type extends string, Data> = { type: Type; childId: string; data: Data; metadata: CommandMetadata };
/**
 * Who acts is `metadata.actorId`; whether they are the recipient's primary caregiver is a fact the
 * handler reads (the recipient's read model) and passes in, so the decider can apply "the author or
 * the primary caregiver" without reading anything.
 */
export type CareUpdateCommand =
  | Command<'PostCareUpdate', { updateId: string; input: CareUpdateInput }>
  | Command<'EditCareUpdate', { updateId: string; input: CareUpdateInput; actorIsPrimary: boolean }>
  | Command<'RemoveCareUpdate', { updateId: string; actorIsPrimary: boolean }>;

const DAY_MS = 86_400_000;

const invalid = invalidInput('CARE_UPDATES.INVALID');
const notFound = () => new DomainError('CARE_UPDATES.NOT_FOUND', 'not_found', CARE_UPDATE_TEXT.notFound);
const notYours = () => new DomainError('CARE_UPDATES.FORBIDDEN', 'forbidden', CARE_UPDATE_TEXT.notYours);

/** The text, photo and flag an event may carry: text trimmed, 1 to 2000 characters, without NUL; a safe link or null. */
export function readCareUpdateInput(input: CareUpdateInput): CareUpdateDetails {
  const { text, imageUrl, important } = input as { text?: unknown; imageUrl?: unknown; important?: unknown };
  if (typeof text !== 'string' || text.trim() === '') throw invalid('text', CARE_UPDATE_TEXT.textRequired);
  if (!isSafeText(text)) throw invalid('text', `text ${VALIDATION_MESSAGES.unsafeText}`);
  const trimmed = text.trim();
  if (trimmed.length > CARE_UPDATE_MAX_TEXT) throw invalid('text', CARE_UPDATE_TEXT.tooLong);
  let link: string | null = null;
  if (imageUrl !== undefined && imageUrl !== null) {
    if (typeof imageUrl !== 'string') throw invalid('imageUrl', `imageUrl ${VALIDATION_MESSAGES.notLink}`);
    link = imageUrl.trim() === '' ? null : imageUrl.trim();
    if (link !== null && !isSafeLink(link)) throw invalid('imageUrl', `imageUrl ${VALIDATION_MESSAGES.notLink}`);
  }
  if (important !== undefined && important !== null && typeof important !== 'boolean') throw invalid('important', 'important must be true or false');
  return { text: trimmed, imageUrl: link, important: important === true };
}

/** An update that is there (unknown or removed: not found) and that the actor may change (403 otherwise). */
function changeable(state: CareUpdatesState, updateId: string, actorId: string, actorIsPrimary: boolean): CareUpdateEntry {
  const entry = state.updates[updateId] as CareUpdateEntry | undefined;
  if (!entry || entry.removed) throw notFound();
  if (entry.authorId !== actorId && !actorIsPrimary) throw notYours();
  return entry;
}

const postedWithinADay = (state: CareUpdatesState, authorId: string, at: string) => {
  const since = Date.parse(at) - DAY_MS;
  return Object.values(state.updates).filter((entry) => entry.authorId === authorId && Date.parse(entry.postedAt) > since).length;
};

const sameDetails = (a: CareUpdateDetails, b: CareUpdateDetails) => a.text === b.text && a.imageUrl === b.imageUrl && a.important === b.important;

/**
 * Whether the actor sees the recipient is the handler's check (404 before the decider runs). The
 * decider keeps the journal's rules: input a projection can store, at most 50 posts per author per
 * recipient in any 24 hours (removed ones count), edits and removals by the author or the primary
 * caregiver only, at most 50 edits of one update, an unchanged edit records nothing, a second removal
 * is not found. The state holds the updates of the streams the command was given (a post: its
 * author's day before and day; an edit or removal: the update's post and own stream), see
 * careUpdatesDeciderAfter.
 */
export function decideCareUpdates(command: CareUpdateCommand, state: CareUpdatesState): CareUpdateEvent[] {
  const { childId } = command;
  const { actorId, occurredAt: at } = command.metadata;
  if (actorId === null) throw notYours(); // every change is someone's
  switch (command.type) {
    case 'PostCareUpdate': {
      const { updateId, input } = command.data;
      const details = readCareUpdateInput(input);
      if (state.updates[updateId]) return []; // the same request again
      if (postedWithinADay(state, actorId, at) >= CARE_UPDATE_LIMITS.perAuthorPerDay) {
        throw new DomainError('CARE_UPDATES.DAILY_LIMIT', 'conflict', CARE_UPDATE_TEXT.dailyLimit);
      }
      return [{ type: 'CareUpdatePosted', data: { childId, updateId, authorId: actorId, ...details, postedAt: at } }];
    }
    case 'EditCareUpdate': {
      const { updateId, input, actorIsPrimary } = command.data;
      const entry = changeable(state, updateId, actorId, actorIsPrimary);
      const details = readCareUpdateInput(input);
      if (sameDetails(entry.details, details)) return [];
      if (entry.edits >= CARE_UPDATE_LIMITS.editsPerUpdate) throw new DomainError('CARE_UPDATES.EDIT_LIMIT', 'invalid', CARE_UPDATE_TEXT.editLimit);
      return [{ type: 'CareUpdateEdited', data: { childId, updateId, authorId: entry.authorId, ...details, editedBy: actorId, editedAt: at } }];
    }
    case 'RemoveCareUpdate': {
      const { updateId, actorIsPrimary } = command.data;
      const entry = changeable(state, updateId, actorId, actorIsPrimary);
      return [{ type: 'CareUpdateRemoved', data: { childId, updateId, authorId: entry.authorId, removedBy: actorId, removedAt: at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const careUpdatesDecider: Decider<CareUpdateCommand, CareUpdateEvent, CareUpdatesState> = {
  decide: decideCareUpdates,
  evolve: evolveCareUpdates,
  initialState: initialCareUpdatesState,
};

/**
 * The decider for the stream a command appends to, when its rules also need events of other
 * streams, which it does not append to (careUpdateStreams): a post's day before, an update's post
 * for its edits and removal. Those events are folded into the initial state; the stream's own
 * events follow, and only the stream's revision is expected on append.
 */
export const careUpdatesDeciderAfter = (earlier: readonly CareUpdateEvent[]): Decider<CareUpdateCommand, CareUpdateEvent, CareUpdatesState> => ({
  ...careUpdatesDecider,
  initialState: () => earlier.reduce(evolveCareUpdates, initialCareUpdatesState()),
});
