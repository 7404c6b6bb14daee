import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { ContactScopes } from '../../access/contact-scopes';
import type { ContactKind } from '../../domain/contacts';
import type { ContactCommand, ContactInputs } from '../../domain/contacts.decide';
import type { ContactAnswers } from '../../read-models/contacts/contacts.query';
import { ContactChanges } from '../contact-changes';

/**
 * A new emergency contact, doctor or support person. `scopeId` names the list: a recipient (the
 * route's), or a family (the body's `familyId`; absent, the user's default family).
 */
export class AddContact<K extends ContactKind = ContactKind> extends Command<ContactAnswers[K]> {
  constructor(
    readonly kind: K,
    readonly scopeId: string | undefined,
    readonly id: string,
    readonly input: ContactInputs[K],
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

/** Finds and checks the list the entry goes to, then records it; answers the entry. */
@CommandHandler(AddContact)
export class AddContactHandler implements ICommandHandler<AddContact> {
  constructor(
    private readonly scopes: ContactScopes,
    private readonly changes: ContactChanges,
  ) {}

  async execute({ kind, scopeId, id, input, metadata }: AddContact): Promise<ContactAnswers[ContactKind]> {
    const scope = await this.scopes.forNew(kind, metadata.actorId, scopeId);
    return (await this.changes.record({ type: 'AddContact', kind, scopeId: scope, id, input, metadata } as ContactCommand))!;
  }
}
