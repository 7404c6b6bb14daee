import { Injectable } from '@nestjs/common';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { contactStream, type ContactKind } from '../domain/contacts';
import { contactsDecider, type ContactCommand } from '../domain/contacts.decide';
import { ContactsQuery, type ContactAnswers } from '../read-models/contacts/contacts.query';

/**
 * What the four contact use cases share once each has found (and checked) the list a change goes
 * to (ContactScopes): the decider applies the list's rules to the stream, the command waits for the
 * projections, and the entry is answered as the list now shows it (null once deleted). The user
 * may change it: they just did.
 */
@Injectable()
export class ContactChanges {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly contacts: ContactsQuery,
  ) {}

  async record<K extends ContactKind>(command: ContactCommand & { kind: K }): Promise<ContactAnswers[K] | null> {
    await this.streams.execute(contactStream(command.kind, command.scopeId), contactsDecider, command);
    return this.contacts.byId(command.kind, command.id, true);
  }
}
