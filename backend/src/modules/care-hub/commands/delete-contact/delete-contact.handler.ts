import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ContactScopes } from '../../access/contact-scopes';
import type { ContactKind } from '../../domain/contacts';
import { ContactChanges } from '../contact-changes';
import { commandOf } from '../../../../platform/commands/command';

/** Deletes at once (no confirmation); the toast's Undo is RestoreContact. Deleting twice is not found. */
export class DeleteContact extends commandOf<{ kind: ContactKind; id: string }>() {}

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
