import { Injectable } from '@nestjs/common';
import { CARE_HUB_TEXT } from '@carecircle/libs';
import { DomainError } from '../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { ChildrenQuery } from '../../care-recipients';
import { contactStream, type ContactKind } from '../domain/contacts';
import { CONTACT_RULES, contactsDecider } from '../domain/contacts.decide';
import { ContactsQuery } from '../read-models/contacts/contacts.query';
import { CareHubFamilies } from './care-hub-families';

const RECIPIENT_NOT_FOUND = 'Care recipient not found';

const notFound = (code: string, message: string) => new DomainError(code, 'not_found', message);

/**
 * Which list a change goes to, checked for the user, before the decider applies the list's rules:
 * - emergency contacts belong to a family: a new contact to the one the request names, or the
 *   user's default family; a contact's change to its family. 404 when it is not the user's family
 *   (so other families learn nothing), 403 when they only view it (CareHubFamilies).
 * - doctors and support people belong to a recipient, under the policy of every child-scoped route:
 *   the user must see the recipient (404 otherwise, also for another family's entry ids) and may
 *   change it only with edit rights (403).
 * A deleted entry has no row any more: Undo finds it in the streams of the user's own families or
 * recipients (at most a few).
 */
@Injectable()
export class ContactScopes {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly families: CareHubFamilies,
    private readonly children: ChildrenQuery,
    private readonly contacts: ContactsQuery,
  ) {}

  /** The family or recipient a new entry goes to: `named` is the request's (a recipient: the path's). */
  async forNew(kind: ContactKind, userId: string | null, named: string | undefined): Promise<string> {
    if (kind !== 'emergencyContact') return this.editableRecipient(userId, named ?? null, RECIPIENT_NOT_FOUND);
    if (userId === null) throw notFound('CARE_HUB.CONTACT_NOT_FOUND', CARE_HUB_TEXT.notFound.contact);
    return this.families.toChange(userId, named);
  }

  /** The family or recipient of an entry a request names; with `restoring`, also of a deleted one. */
  async ofEntry(kind: ContactKind, userId: string | null, id: string, restoring: boolean): Promise<string> {
    const message = CONTACT_RULES[kind].notFound;
    const scopeId = userId === null ? null : ((await this.contacts.scopeOf(kind, id)) ?? (restoring ? await this.deletedEntryScope(kind, userId, id) : null));
    if (kind !== 'emergencyContact') return this.editableRecipient(userId, scopeId, message);
    if (userId === null || scopeId === null) throw notFound('CARE_HUB.CONTACT_NOT_FOUND', message);
    return this.families.toChange(userId, scopeId, message);
  }

  private async editableRecipient(userId: string | null, childId: string | null, message: string): Promise<string> {
    const child = userId !== null && childId !== null ? await this.children.getFor(userId, childId) : null;
    if (!child) throw notFound('CARE_HUB.NOT_FOUND', message);
    if (!child.canEdit) throw new DomainError('CARE_HUB.FORBIDDEN', 'forbidden', CARE_HUB_TEXT.viewOnly.recipient);
    return child.id;
  }

  private async deletedEntryScope(kind: ContactKind, userId: string, id: string): Promise<string | null> {
    const scopeIds =
      kind === 'emergencyContact' ? (await this.families.of(userId)).map((family) => family.familyId) : (await this.children.listFor(userId)).map((child) => child.id);
    for (const scopeId of scopeIds) {
      const { state } = await this.streams.load(contactStream(kind, scopeId), contactsDecider);
      if (state[kind]?.[id]) return scopeId;
    }
    return null;
  }
}
