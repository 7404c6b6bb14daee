import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { ContactScopes } from '../../access/contact-scopes';
import type { ContactKind } from '../../domain/contacts';
import type { ContactAnswers } from '../../read-models/contacts/contacts.query';
import { ContactChanges } from '../contact-changes';

/**
 * The toast's Undo after a delete: the entry comes back as it was (its first added time, so its place
 * in the list). Restoring an entry that is there changes nothing; an unknown one is not found.
 */
export class RestoreContact<K extends ContactKind = ContactKind> extends Command<ContactAnswers[K]> {
  constructor(
    readonly kind: K,
    readonly id: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(RestoreContact)
export class RestoreContactHandler implements ICommandHandler<RestoreContact> {
  constructor(
    private readonly scopes: ContactScopes,
    private readonly changes: ContactChanges,
  ) {}

  /** A deleted entry has no row: its list is found in the streams of the user's families or recipients. */
  async execute({ kind, id, metadata }: RestoreContact): Promise<ContactAnswers[ContactKind]> {
    const scopeId = await this.scopes.ofEntry(kind, metadata.actorId, id, true);
    return (await this.changes.record({ type: 'RestoreContact', kind, scopeId, id, metadata }))!;
  }
}
