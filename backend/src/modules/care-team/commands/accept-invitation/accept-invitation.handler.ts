import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { INVITATION_MESSAGES, type AcceptedInvitation, type User } from '@carecircle/libs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { hashSecretToken } from '../../../../platform/http/secret-token';
import { ChildrenQuery, ExecuteCareRecipientCommand } from '../../../care-recipients';
import { JoinCareTeam, UsersQuery } from '../../../identity';
import { careTeamStream } from '../../domain/care-team';
import { careTeamDecider } from '../../domain/care-team.decide';
import { InvitationsQuery } from '../../read-models/invitations/invitations.query';
import { looksLikeInvitationToken } from '../invitation-token';
import { AcceptThrottle } from './accept-throttle';
import { commandOf } from '../../../../platform/commands/command';

export class AcceptInvitation extends commandOf<{ token: string; user: User; address: string }, AcceptedInvitation>() {}

const invalidLink = () => new DomainError('CARE_TEAM.INVALID_LINK', 'not_found', INVITATION_MESSAGES.invalidLink);

/**
 * Accepting (docs/care-team.md): the token's hash finds the team's stream, where the decider takes
 * the invitation once (single use: a concurrent second accept is decided again on the fresh stream
 * and finds it used). Then the user joins the team (identity: primaryUserId and role) and each
 * invited recipient that still exists is shared with them, with the invitation's edit right, as the
 * inviter (care-recipients: GrantCaregiverAccess, recorded in the audit log as access granted).
 * The same user accepting again gets the same answer without any of it happening again.
 */
@CommandHandler(AcceptInvitation)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitation> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly commands: CommandBus,
    private readonly invitations: InvitationsQuery,
    private readonly children: ChildrenQuery,
    private readonly users: UsersQuery,
    private readonly throttle: AcceptThrottle,
  ) {}

  async execute({ token, user, address, metadata }: AcceptInvitation): Promise<AcceptedInvitation> {
    await this.throttle.beforeAccept(user.id, address);
    if (!looksLikeInvitationToken(token)) throw invalidLink();
    const tokenHash = hashSecretToken(token);
    const found = await this.invitations.byTokenHash(tokenHash);
    if (!found) throw invalidLink();
    const { primaryUserId, invitationId } = found;
    const { events, state } = await this.streams.execute(careTeamStream(primaryUserId), careTeamDecider, {
      type: 'AcceptInvitation',
      data: { tokenHash },
      metadata: { ...metadata, actorId: user.id },
    });
    const invitation = state.invitations[invitationId];
    if (events.length > 0) {
      const ownsRecipients = (await this.children.listFor(user.id)).some((child) => child.primaryCaregiverId === user.id);
      await this.commands.execute(new JoinCareTeam({ userId: user.id, primaryUserId, ownsRecipients, metadata }));
      for (const childId of invitation.childIds) await this.share(childId, user.id, invitation.canEdit, { ...metadata, actorId: primaryUserId });
    }
    const visible = new Set((await this.children.listFor(user.id)).map((child) => child.id));
    const inviterName = (await this.users.displayNames([primaryUserId])).get(primaryUserId) ?? null;
    return { message: INVITATION_MESSAGES.accepted(inviterName), childIds: invitation.childIds.filter((id) => visible.has(id)) };
  }

  /** A recipient removed since the invitation was sent is skipped. */
  private async share(childId: string, userId: string, canEdit: boolean, metadata: CommandMetadata): Promise<void> {
    try {
      await this.commands.execute(new ExecuteCareRecipientCommand(childId, { type: 'GrantCaregiverAccess', data: { userId, canEdit }, metadata }));
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
    }
  }
}
