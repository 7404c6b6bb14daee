import type { DoctorInput, EmergencyContactInput, FamilySupportInput } from '@carecircle/libs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { AddContact } from './add-contact.handler';

/**
 * The shapes `cli/demo-family.ts` (seed:demo) still sends, kept as AddContact under their old names
 * so the seed runs unchanged; AddContactHandler handles them (the command bus finds a command's
 * handler through its class's parents). Remove once the seed sends AddContact.
 * @deprecated use AddContact
 */
export class ExecuteEmergencyContactCommand extends AddContact<'emergencyContact'> {
  constructor(request: { type: 'AddEmergencyContact'; data: { contactId: string; input: EmergencyContactInput }; metadata: CommandMetadata }) {
    super('emergencyContact', request.data.input.familyId, request.data.contactId, request.data.input, request.metadata);
  }
}

type AddDirectoryEntry =
  | { type: 'AddDoctor'; childId: string; data: { doctorId: string; input: DoctorInput }; metadata: CommandMetadata }
  | { type: 'AddFamilySupport'; childId: string; data: { resourceId: string; input: FamilySupportInput }; metadata: CommandMetadata };

/** @deprecated use AddContact */
export class ExecuteCareDirectoryCommand extends AddContact<'doctor' | 'familySupport'> {
  constructor(request: AddDirectoryEntry) {
    super(
      request.type === 'AddDoctor' ? 'doctor' : 'familySupport',
      request.childId,
      request.type === 'AddDoctor' ? request.data.doctorId : request.data.resourceId,
      request.data.input,
      request.metadata,
    );
  }
}
