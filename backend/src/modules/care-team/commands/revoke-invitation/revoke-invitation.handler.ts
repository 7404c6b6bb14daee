import { Injectable } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { Erasure } from '../../../../platform/privacy/erasure';
import { careTeamStream } from '../../domain/care-team';
import { careTeamDecider } from '../../domain/care-team.decide';
import { commandOf } from '../../../../platform/commands/command';

/** Revokes one invitation (its link stops working), or with `invitationId` null every open one (Delete Account). */
export class RevokeInvitation extends commandOf<{ primaryUserId: string; invitationId: string | null }>() {}

@CommandHandler(RevokeInvitation)
export class RevokeInvitationHandler implements ICommandHandler<RevokeInvitation> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ primaryUserId, invitationId, metadata }: RevokeInvitation): Promise<void> {
    await this.streams.execute(
      careTeamStream(primaryUserId),
      careTeamDecider,
      invitationId === null ? { type: 'RevokeAllInvitations', data: {}, metadata } : { type: 'RevokeInvitation', data: { invitationId }, metadata },
    );
  }
}

/**
 * Delete Account: the inviter's open invitations are revoked first; then UserErased removes their
 * rows and their key is destroyed, so the invitees' addresses read "Erased" (docs/privacy.md).
 */
@Injectable()
export class CareTeamAccountErasure {
  constructor(erasure: Erasure, commands: CommandBus) {
    erasure.onAccountErasure((userId, metadata) => commands.execute(new RevokeInvitation({ primaryUserId: userId, invitationId: null, metadata })));
  }
}
