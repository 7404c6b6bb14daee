import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { ContactScopes } from '../../access/contact-scopes';
import type { ContactKind } from '../../domain/contacts';
import { ContactChanges } from '../contact-changes';

/** Deletes at once (no confirmation); the toast's Undo is RestoreContact. Deleting twice is not found. */
export class DeleteContact extends Command<void> {
  constructor(
    readonly kind: ContactKind,
    readonly id: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(DeleteContact)
export class DeleteContactHandler implements ICommandHandler<DeleteContact> {
  constructor(
    private readonly scopes: ContactScopes,
    private readonly changes: ContactChanges,
  ) {}

  async execute({ kind, id, metadata }: DeleteContact): Promise<void> {
    const scopeId = await this.scopes.ofEntry(kind, metadata.actorId, id, false);
    await this.changes.record({ type: 'DeleteContact', kind, scopeId, id, metadata });
  }
}
