/**
 * A care recipient's journal: the updates their caregivers post. Edits and removals are events of
 * their own, so every version stays in the store (GET /api/updates/{id}/history). Removed updates
 * stay in the state: the daily limit counts them, and a second removal is "not found", not a second
 * event. Every stream a request reads is bounded (issue 22), see `careUpdateStreams`.
 */
export interface CareUpdateDetails {
  text: string;
  imageUrl: string | null;
  important: boolean;
}

type Ids = { childId: string; updateId: string; authorId: string };

export type CareUpdateEvent =
  | { type: 'CareUpdatePosted'; data: Ids & CareUpdateDetails & { postedAt: string } }
  /** Full details after the edit; `editedBy` is the author or the primary caregiver. */
  | { type: 'CareUpdateEdited'; data: Ids & CareUpdateDetails & { editedBy: string; editedAt: string } }
  | { type: 'CareUpdateRemoved'; data: Ids & { removedBy: string; removedAt: string } };

export interface CareUpdateEntry {
  authorId: string;
  postedAt: string;
  details: CareUpdateDetails;
  /** How many times it was edited (at most CARE_UPDATE_LIMITS.editsPerUpdate). */
  edits: number;
  removed: boolean;
}

export interface CareUpdatesState {
  updates: Readonly<Record<string, CareUpdateEntry>>;
}

export const initialCareUpdatesState = (): CareUpdatesState => ({ updates: {} });

const detailsOf = ({ text, imageUrl, important }: CareUpdateDetails): CareUpdateDetails => ({ text, imageUrl, important });

export function evolveCareUpdates(state: CareUpdatesState, event: CareUpdateEvent): CareUpdatesState {
  const current = state.updates[event.data.updateId] as CareUpdateEntry | undefined;
  const put = (entry: CareUpdateEntry): CareUpdatesState => ({ updates: { ...state.updates, [event.data.updateId]: entry } });
  switch (event.type) {
    case 'CareUpdatePosted':
      return put({ authorId: event.data.authorId, postedAt: event.data.postedAt, details: detailsOf(event.data), edits: 0, removed: false });
    case 'CareUpdateEdited':
      return current ? put({ ...current, details: detailsOf(event.data), edits: current.edits + 1 }) : state;
    case 'CareUpdateRemoved':
      return current ? put({ ...current, removed: true }) : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) of an ISO 8601 time, whatever its offset. */
const utcDay = (at: string) => new Date(Date.parse(at)).toISOString().slice(0, 10);

/**
 * Where the events are. A request reads only streams bounded by the limits, never the whole journal:
 * - `day`: the posts of one author about one recipient on one UTC day (at most perAuthorPerDay). A
 *   post is decided on the day before's and its own day's streams (every post of the last 24 hours is
 *   in one of them) and appended to its own day's with its expected revision, so one author's
 *   concurrent posts are serialised by the event store;
 * - `update`: an update's edits and its removal (at most editsPerUpdate + 1). With its post, they are
 *   its whole history and the state its edits and removal are decided on;
 * - `legacy`: the recipient's whole journal, where every event went before the day streams. It no
 *   longer grows; it is read only for an update whose post is not in its day stream.
 */
export const careUpdateStreams = {
  day: (childId: string, authorId: string, at: string) => `care-updates-${childId}-${authorId}-${utcDay(at)}`,
  /** The day stream before `at`'s (a UTC day is always 24 hours). */
  dayBefore: (childId: string, authorId: string, at: string) => careUpdateStreams.day(childId, authorId, new Date(Date.parse(at) - DAY_MS).toISOString()),
  update: (updateId: string) => `care-update-${updateId}`,
  legacy: (childId: string) => `care-updates-${childId}`,
};

/** The events about one update among a stream's (a day stream or the legacy stream hold others' too). */
export const eventsOfUpdate = <E extends CareUpdateEvent>(updateId: string, events: readonly E[]): E[] => events.filter((event) => event.data.updateId === updateId);

/** Whether `events` hold the update's post: if its day stream does not, it was posted in the legacy stream. */
export const postedIn = (updateId: string, events: readonly CareUpdateEvent[]) => events.some((event) => event.type === 'CareUpdatePosted' && event.data.updateId === updateId);
