import {
  CARE_HUB_DEFAULTS,
  CARE_HUB_LIMITS,
  CARE_HUB_MAX,
  CARE_HUB_TEXT,
  SPECIALTIES,
  SUPPORT_ROLES,
  type DoctorInput,
  type FamilySupportInput,
} from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import { flag, invalid, oneOf, optionalEmail, optionalPhone, optionalText, recordsChange, requiredText, type Entries, type ListChange, type ListRules } from './care-hub-list';
import {
  evolveCareDirectory,
  initialCareDirectoryState,
  type CareDirectoryEvent,
  type CareDirectoryState,
  type DoctorDetails,
  type FamilySupportDetails,
} from './care-directory';

type Command<Type extends string, Data> = { type: Type; childId: string; data: Data; metadata: CommandMetadata };
export type CareDirectoryCommand =
  | Command<'AddDoctor', { doctorId: string; input: DoctorInput }>
  | Command<'UpdateDoctor', { doctorId: string; input: DoctorInput }>
  | Command<'DeleteDoctor', { doctorId: string }>
  | Command<'RestoreDoctor', { doctorId: string }>
  | Command<'AddFamilySupport', { resourceId: string; input: FamilySupportInput }>
  | Command<'UpdateFamilySupport', { resourceId: string; input: FamilySupportInput }>
  | Command<'DeleteFamilySupport', { resourceId: string }>
  | Command<'RestoreFamilySupport', { resourceId: string }>;

const DOCTORS: ListRules = {
  limit: CARE_HUB_LIMITS.doctors,
  tooMany: CARE_HUB_TEXT.tooMany.doctor,
  notFound: CARE_HUB_TEXT.notFound.doctor,
  code: 'CARE_HUB.DOCTOR',
};
const SUPPORT: ListRules = {
  limit: CARE_HUB_LIMITS.familySupport,
  tooMany: CARE_HUB_TEXT.tooMany.support,
  notFound: CARE_HUB_TEXT.notFound.support,
  code: 'CARE_HUB.SUPPORT',
};

/** An entry belongs to one recipient: a body naming another one is refused, not a move. */
function checkRecipient(input: { childId?: unknown }, childId: string): void {
  if (input.childId !== undefined && input.childId !== null && input.childId !== childId) throw invalid('childId', CARE_HUB_TEXT.childMismatch);
}

export function readDoctorInput(input: DoctorInput, childId: string): DoctorDetails {
  checkRecipient(input, childId);
  return {
    name: requiredText('name', input.name, CARE_HUB_MAX.name, CARE_HUB_TEXT.doctorRequiredName),
    specialty: oneOf('specialty', input.specialty, SPECIALTIES, CARE_HUB_DEFAULTS.specialty, CARE_HUB_TEXT.unknown.specialty)!,
    phoneNumber: optionalPhone('phoneNumber', input.phoneNumber, CARE_HUB_MAX.phone),
    email: optionalEmail(input.email),
    address: optionalText('address', input.address, CARE_HUB_MAX.address),
    notes: optionalText('notes', input.notes, CARE_HUB_MAX.notes),
    isPrimary: flag('isPrimary', input.isPrimary),
  };
}

export function readFamilySupportInput(input: FamilySupportInput, childId: string): FamilySupportDetails {
  checkRecipient(input, childId);
  return {
    name: requiredText('name', input.name, CARE_HUB_MAX.name, CARE_HUB_TEXT.supportRequiredName),
    role: oneOf('role', input.role, SUPPORT_ROLES, CARE_HUB_DEFAULTS.role, CARE_HUB_TEXT.unknown.role)!,
    organization: optionalText('organization', input.organization, CARE_HUB_MAX.organization),
    phoneNumber: optionalPhone('phoneNumber', input.phoneNumber, CARE_HUB_MAX.phone),
    email: optionalEmail(input.email),
    notes: optionalText('notes', input.notes, CARE_HUB_MAX.notes),
  };
}

/** Who may change a recipient's directory is the command handler's check; the decider keeps the lists' rules. */
export function decideCareDirectory(command: CareDirectoryCommand, state: CareDirectoryState): CareDirectoryEvent[] {
  const { childId } = command;
  const at = command.metadata.occurredAt;
  const doctor = (change: ListChange, doctorId: string, details?: DoctorDetails) => recordsChange(state.doctors, change, doctorId, DOCTORS, details);
  const support = (change: ListChange, resourceId: string, details?: FamilySupportDetails) => recordsChange(state.support, change, resourceId, SUPPORT, details);
  const entry = <Details>(entries: Entries<Details>, id: string) => ({ ...entries[id].details, addedAt: entries[id].addedAt });
  switch (command.type) {
    case 'AddDoctor': {
      const { doctorId, input } = command.data;
      const details = readDoctorInput(input, childId);
      if (!doctor('add', doctorId)) return [];
      return [{ type: 'DoctorAdded', data: { childId, doctorId, ...details, addedAt: at } }];
    }
    case 'UpdateDoctor': {
      const { doctorId, input } = command.data;
      const details = readDoctorInput(input, childId);
      if (!doctor('update', doctorId, details)) return [];
      return [{ type: 'DoctorUpdated', data: { childId, doctorId, ...details, updatedAt: at } }];
    }
    case 'DeleteDoctor': {
      const { doctorId } = command.data;
      doctor('delete', doctorId);
      return [{ type: 'DoctorDeleted', data: { childId, doctorId, deletedAt: at } }];
    }
    case 'RestoreDoctor': {
      const { doctorId } = command.data;
      if (!doctor('restore', doctorId)) return [];
      return [{ type: 'DoctorRestored', data: { childId, doctorId, ...entry(state.doctors, doctorId), restoredAt: at } }];
    }
    case 'AddFamilySupport': {
      const { resourceId, input } = command.data;
      const details = readFamilySupportInput(input, childId);
      if (!support('add', resourceId)) return [];
      return [{ type: 'FamilySupportAdded', data: { childId, resourceId, ...details, addedAt: at } }];
    }
    case 'UpdateFamilySupport': {
      const { resourceId, input } = command.data;
      const details = readFamilySupportInput(input, childId);
      if (!support('update', resourceId, details)) return [];
      return [{ type: 'FamilySupportUpdated', data: { childId, resourceId, ...details, updatedAt: at } }];
    }
    case 'DeleteFamilySupport': {
      const { resourceId } = command.data;
      support('delete', resourceId);
      return [{ type: 'FamilySupportDeleted', data: { childId, resourceId, deletedAt: at } }];
    }
    case 'RestoreFamilySupport': {
      const { resourceId } = command.data;
      if (!support('restore', resourceId)) return [];
      return [{ type: 'FamilySupportRestored', data: { childId, resourceId, ...entry(state.support, resourceId), restoredAt: at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const careDirectoryDecider: Decider<CareDirectoryCommand, CareDirectoryEvent, CareDirectoryState> = {
  decide: decideCareDirectory,
  evolve: evolveCareDirectory,
  initialState: initialCareDirectoryState,
};
