/**
 * A care recipient's journal: the updates their caregivers post, in one stream
 * `care-updates-{childId}`. Edits and removals are events of their own, so every version stays in the
 * store (GET /api/updates/{id}/history). Removed updates stay in the state: the daily limit counts
 * them, and a second removal is "not found", not a second event.
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

export const careUpdatesStream = (childId: string) => `care-updates-${childId}`;
