import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CARE_HUB_TEXT } from '@carecircle/libs';
import { DomainError } from '../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { ChildrenQuery } from '../../care-recipients';
import { careDirectoryStream } from '../domain/care-directory';
import { careDirectoryDecider, type CareDirectoryCommand } from '../domain/care-directory.decide';
import { DoctorsQuery } from '../read-models/doctors/doctors.query';
import { FamilySupportQuery } from '../read-models/family-support/family-support.query';

/** A directory command as a request makes it: a new entry names its recipient, a change finds the entry's. */
type WithoutChild<C> = C extends unknown ? Omit<C, 'childId'> : never;
type Adding = Extract<CareDirectoryCommand, { type: 'AddDoctor' | 'AddFamilySupport' }>;
export type CareDirectoryRequest = Adding | WithoutChild<Exclude<CareDirectoryCommand, Adding>>;

export class ExecuteCareDirectoryCommand {
  constructor(readonly request: CareDirectoryRequest) {}
}

const RECIPIENT_NOT_FOUND = 'Care recipient not found';

/**
 * A change to a recipient's doctors or family support, under the policy of every child-scoped route:
 * the user must see the recipient (404 otherwise, also for another family's entry ids) and may change
 * it only with edit rights (403). Then the decider applies the lists' rules. Answers the recipient.
 */
@CommandHandler(ExecuteCareDirectoryCommand)
export class CareDirectoryCommandHandler implements ICommandHandler<ExecuteCareDirectoryCommand, string> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly children: ChildrenQuery,
    private readonly doctors: DoctorsQuery,
    private readonly support: FamilySupportQuery,
  ) {}

  async execute({ request }: ExecuteCareDirectoryCommand): Promise<string> {
    const userId = request.metadata.actorId;
    const adding = 'childId' in request;
    const childId = adding ? request.childId : await this.childOf(userId, request);
    const child = userId !== null && childId !== null ? await this.children.getFor(userId, childId) : null;
    if (!child) {
      const message = adding ? RECIPIENT_NOT_FOUND : 'doctorId' in request.data ? CARE_HUB_TEXT.notFound.doctor : CARE_HUB_TEXT.notFound.support;
      throw new DomainError('CARE_HUB.NOT_FOUND', 'not_found', message);
    }
    if (!child.canEdit) throw new DomainError('CARE_HUB.FORBIDDEN', 'forbidden', CARE_HUB_TEXT.viewOnly.recipient);
    await this.streams.execute(careDirectoryStream(child.id), careDirectoryDecider, { ...request, childId: child.id });
    return child.id;
  }

  /**
   * The recipient of the entry a request names, or null. A deleted entry has no row any more: Undo
   * finds it in the directories of the recipients the user sees.
   */
  private async childOf(userId: string | null, request: Exclude<CareDirectoryRequest, Adding>): Promise<string | null> {
    if (userId === null) return null;
    const isDoctor = 'doctorId' in request.data;
    const id = 'doctorId' in request.data ? request.data.doctorId : request.data.resourceId;
    const listed = isDoctor ? await this.doctors.byId(id) : await this.support.byId(id);
    if (listed) return listed.childId;
    if (request.type !== 'RestoreDoctor' && request.type !== 'RestoreFamilySupport') return null;
    for (const child of await this.children.listFor(userId)) {
      const { state } = await this.streams.load(careDirectoryStream(child.id), careDirectoryDecider);
      if ((isDoctor ? state.doctors : state.support)[id]) return child.id;
    }
    return null;
  }
}
