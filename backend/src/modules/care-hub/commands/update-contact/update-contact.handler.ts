import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { ContactScopes } from '../../access/contact-scopes';
import type { ContactKind } from '../../domain/contacts';
import type { ContactCommand, ContactInputs } from '../../domain/contacts.decide';
import type { ContactAnswers } from '../../read-models/contacts/contacts.query';
import { ContactChanges } from '../contact-changes';

/** An entry's details replaced by the dialog's (a full replace); a deleted entry is not found. */
export class UpdateContact<K extends ContactKind = ContactKind> extends Command<ContactAnswers[K]> {
  constructor(
    readonly kind: K,
    readonly id: string,
    readonly input: ContactInputs[K],
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(UpdateContact)
export class UpdateContactHandler implements ICommandHandler<UpdateContact> {
  constructor(
    private readonly scopes: ContactScopes,
    private readonly changes: ContactChanges,
  ) {}

  async execute({ kind, id, input, metadata }: UpdateContact): Promise<ContactAnswers[ContactKind]> {
    const scopeId = await this.scopes.ofEntry(kind, metadata.actorId, id, false);
    return (await this.changes.record({ type: 'UpdateContact', kind, scopeId, id, input, metadata } as ContactCommand))!;
  }
}
