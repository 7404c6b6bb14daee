import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CARE_HUB_TEXT } from '@carecircle/libs';
import { DomainError } from '../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { CareHubFamilies } from '../access/care-hub-families';
import { emergencyContactsStream } from '../domain/emergency-contacts';
import { emergencyContactsDecider, type EmergencyContactCommand } from '../domain/emergency-contacts.decide';
import { EmergencyContactsQuery } from '../read-models/emergency-contacts/emergency-contacts.query';

/** A contact command as a request makes it: which family's stream it goes to is the handler's to find. */
type WithoutFamily<C> = C extends unknown ? Omit<C, 'familyId'> : never;
export type EmergencyContactRequest = WithoutFamily<EmergencyContactCommand>;

export class ExecuteEmergencyContactCommand {
  constructor(readonly request: EmergencyContactRequest) {}
}

const notFound = () => new DomainError('CARE_HUB.CONTACT_NOT_FOUND', 'not_found', CARE_HUB_TEXT.notFound.contact);

/**
 * A change to a family's emergency contacts: find the family (a new contact: the one the request
 * names, or the user's default family; otherwise the contact's), check the user may change it (404
 * when it is not their family, so other families learn nothing; 403 when they only view it), then
 * let the decider apply the list's rules. Answers the family.
 */
@CommandHandler(ExecuteEmergencyContactCommand)
export class EmergencyContactCommandHandler implements ICommandHandler<ExecuteEmergencyContactCommand, string> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly families: CareHubFamilies,
    private readonly contacts: EmergencyContactsQuery,
  ) {}

  async execute({ request }: ExecuteEmergencyContactCommand): Promise<string> {
    const userId = request.metadata.actorId;
    if (userId === null) throw notFound();
    const familyId =
      request.type === 'AddEmergencyContact'
        ? await this.families.toChange(userId, request.data.input.familyId)
        : await this.families.toChange(userId, await this.familyOf(userId, request), CARE_HUB_TEXT.notFound.contact);
    await this.streams.execute(emergencyContactsStream(familyId), emergencyContactsDecider, { ...request, familyId });
    return familyId;
  }

  /**
   * The family of the contact a request names. A deleted contact has no row any more: Undo finds it in
   * the streams of the user's own families (at most a few).
   */
  private async familyOf(userId: string, request: Exclude<EmergencyContactRequest, { type: 'AddEmergencyContact' }>): Promise<string> {
    const { contactId } = request.data;
    const listed = await this.contacts.familyOf(contactId);
    if (listed !== null) return listed;
    if (request.type === 'RestoreEmergencyContact') {
      for (const { familyId } of await this.families.of(userId)) {
        const { state } = await this.streams.load(emergencyContactsStream(familyId), emergencyContactsDecider);
        if (state.contacts[contactId]) return familyId;
      }
    }
    throw notFound();
  }
}
