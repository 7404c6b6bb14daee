import type { Specialty, SupportRole } from '@carecircle/libs';
import type { Entries } from './care-hub-list';

/**
 * A care recipient's directory: their doctors and specialists, and their family-support people
 * (school nurses, therapists, social workers), in one stream `care-directory-{childId}`. Deleted
 * entries stay in the state (`deleted`), so the toast's Undo restores them with a second command.
 */
export interface DoctorDetails {
  name: string;
  specialty: Specialty;
  /** E.164, an extension as `;ext=12`; events before issue 21 may hold a short service number. */
  phoneNumber: string | null;
  email: string | null;
  address: string | null;
  notes: string | null;
  isPrimary: boolean;
}

export interface FamilySupportDetails {
  name: string;
  role: SupportRole;
  organization: string | null;
  phoneNumber: string | null;
  email: string | null;
  notes: string | null;
}

type DoctorIds = { childId: string; doctorId: string };
type SupportIds = { childId: string; resourceId: string };

export type CareDirectoryEvent =
  | { type: 'DoctorAdded'; data: DoctorIds & DoctorDetails & { addedAt: string } }
  | { type: 'DoctorUpdated'; data: DoctorIds & DoctorDetails & { updatedAt: string } }
  | { type: 'DoctorDeleted'; data: DoctorIds & { deletedAt: string } }
  /** Carries the doctor again, so a projection that deleted its row can put it back as it was. */
  | { type: 'DoctorRestored'; data: DoctorIds & DoctorDetails & { addedAt: string; restoredAt: string } }
  | { type: 'FamilySupportAdded'; data: SupportIds & FamilySupportDetails & { addedAt: string } }
  | { type: 'FamilySupportUpdated'; data: SupportIds & FamilySupportDetails & { updatedAt: string } }
  | { type: 'FamilySupportDeleted'; data: SupportIds & { deletedAt: string } }
  | { type: 'FamilySupportRestored'; data: SupportIds & FamilySupportDetails & { addedAt: string; restoredAt: string } };

export interface CareDirectoryState {
  doctors: Entries<DoctorDetails>;
  support: Entries<FamilySupportDetails>;
}

export const initialCareDirectoryState = (): CareDirectoryState => ({ doctors: {}, support: {} });

function doctorOf(data: DoctorDetails): DoctorDetails {
  const { name, specialty, phoneNumber, email, address, notes, isPrimary } = data;
  return { name, specialty, phoneNumber, email, address, notes, isPrimary };
}

function supportOf(data: FamilySupportDetails): FamilySupportDetails {
  const { name, role, organization, phoneNumber, email, notes } = data;
  return { name, role, organization, phoneNumber, email, notes };
}

export function evolveCareDirectory(state: CareDirectoryState, event: CareDirectoryEvent): CareDirectoryState {
  switch (event.type) {
    case 'DoctorAdded':
    case 'DoctorRestored':
      return { ...state, doctors: { ...state.doctors, [event.data.doctorId]: { details: doctorOf(event.data), addedAt: event.data.addedAt, deleted: false } } };
    case 'DoctorUpdated': {
      const current = state.doctors[event.data.doctorId];
      return current ? { ...state, doctors: { ...state.doctors, [event.data.doctorId]: { ...current, details: doctorOf(event.data) } } } : state;
    }
    case 'DoctorDeleted': {
      const current = state.doctors[event.data.doctorId];
      return current ? { ...state, doctors: { ...state.doctors, [event.data.doctorId]: { ...current, deleted: true } } } : state;
    }
    case 'FamilySupportAdded':
    case 'FamilySupportRestored':
      return { ...state, support: { ...state.support, [event.data.resourceId]: { details: supportOf(event.data), addedAt: event.data.addedAt, deleted: false } } };
    case 'FamilySupportUpdated': {
      const current = state.support[event.data.resourceId];
      return current ? { ...state, support: { ...state.support, [event.data.resourceId]: { ...current, details: supportOf(event.data) } } } : state;
    }
    case 'FamilySupportDeleted': {
      const current = state.support[event.data.resourceId];
      return current ? { ...state, support: { ...state.support, [event.data.resourceId]: { ...current, deleted: true } } } : state;
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const careDirectoryStream = (childId: string) => `care-directory-${childId}`;
