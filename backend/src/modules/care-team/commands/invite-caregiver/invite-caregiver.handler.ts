import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { INVITATION_MESSAGES, joinFullName, type CaregiverInvitationInput, type CaregiverInvitationWithLink, type User } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { hashSecretToken, newSecretToken } from '../../../../platform/http/secret-token';
import { TooManyRequestsException } from '../../../../platform/http/too-many-requests';
import { MAILER, type Mailer } from '../../../../platform/mail/mailer';
import { ChildrenQuery } from '../../../care-recipients';
import { careTeamStream } from '../../domain/care-team';
import { careTeamDecider } from '../../domain/care-team.decide';
import { InvitationViews } from '../../read-models/invitations/invitation-views';
import { InvitationsQuery } from '../../read-models/invitations/invitations.query';
import { acceptInvitationUrl } from '../invitation-token';
import { invitationEmail } from './invitation-email';
import { commandOf } from '../../../../platform/commands/command';

export class InviteCaregiver extends commandOf<{ inviter: User; input: CaregiverInvitationInput }, CaregiverInvitationWithLink>() {}

/**
 * Records the invitation in the inviter's care-team stream (the decider checks the recipients, the
 * address and the limits), then mails the link when SMTP is configured. The answer carries the link
 * either way: the screen shows it to copy when `emailSent` is false.
 */
@CommandHandler(InviteCaregiver)
export class InviteCaregiverHandler implements ICommandHandler<InviteCaregiver> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly children: ChildrenQuery,
    private readonly invitations: InvitationsQuery,
    private readonly views: InvitationViews,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ inviter, input, metadata }: InviteCaregiver): Promise<CaregiverInvitationWithLink> {
    const visible = await this.children.listFor(inviter.id);
    const owned = visible.filter((child) => child.primaryCaregiverId === inviter.id);
    const token = newSecretToken();
    const invitationId = randomUUID();
    try {
      await this.streams.execute(careTeamStream(inviter.id), careTeamDecider, {
        type: 'InviteCaregiver',
        data: {
          invitationId,
          inviterEmail: inviter.email,
          inviteeEmail: input.inviteeEmail,
          inviteeName: input.inviteeName,
          childIds: input.childIds,
          ownedChildIds: owned.map((child) => child.id),
          sharedChildIds: visible.filter((child) => child.primaryCaregiverId !== inviter.id).map((child) => child.id),
          canEdit: input.canEdit,
          tokenHash: hashSecretToken(token),
        },
        metadata,
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'CARE_TEAM.TOO_MANY_TODAY') {
        throw new TooManyRequestsException(INVITATION_MESSAGES.tooManyToday, Number(error.details?.retryAfterSeconds ?? 60));
      }
      throw error;
    }
    const [invitation] = await this.views.present(inviter.id, [(await this.invitations.byId(inviter.id, invitationId))!]);
    const acceptUrl = acceptInvitationUrl(this.config, token);
    const emailSent = await this.mailer.send(
      invitationEmail({
        inviterName: joinFullName(inviter.firstName ?? '', inviter.lastName ?? '') || inviter.email,
        inviterEmail: inviter.email,
        inviteeName: invitation.inviteeName,
        inviteeEmail: invitation.inviteeEmail,
        childNames: invitation.children.map((child) => child.name),
        canEdit: invitation.canEdit,
        acceptUrl,
        expiresAt: invitation.expiresAt,
        timeZone: inviter.timezone,
      }),
    );
    return { ...invitation, acceptUrl, emailSent };
  }
}
