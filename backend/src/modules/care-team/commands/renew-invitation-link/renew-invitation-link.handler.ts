import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CaregiverInvitationWithLink } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { hashSecretToken, newSecretToken } from '../../../../platform/http/secret-token';
import { careTeamStream } from '../../domain/care-team';
import { careTeamDecider } from '../../domain/care-team.decide';
import { InvitationViews } from '../../read-models/invitations/invitation-views';
import { InvitationsQuery } from '../../read-models/invitations/invitations.query';
import { acceptInvitationUrl } from '../invitation-token';
import { commandOf } from '../../../../platform/commands/command';

export class RenewInvitationLink extends commandOf<{ primaryUserId: string; invitationId: string }, CaregiverInvitationWithLink>() {}

/**
 * The panel's "Copy link" (docs/care-team.md, "Copy link"): tokens are stored only as hashes, so the
 * link cannot be shown again; a new one is issued (the old one stops working, the mailed one too) and
 * the invitation has 7 days from now. Nothing is mailed.
 */
@CommandHandler(RenewInvitationLink)
export class RenewInvitationLinkHandler implements ICommandHandler<RenewInvitationLink> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly invitations: InvitationsQuery,
    private readonly views: InvitationViews,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ primaryUserId, invitationId, metadata }: RenewInvitationLink): Promise<CaregiverInvitationWithLink> {
    const token = newSecretToken();
    await this.streams.execute(careTeamStream(primaryUserId), careTeamDecider, {
      type: 'RenewInvitationLink',
      data: { invitationId, tokenHash: hashSecretToken(token) },
      metadata,
    });
    const [invitation] = await this.views.present(primaryUserId, [(await this.invitations.byId(primaryUserId, invitationId))!]);
    return { ...invitation, acceptUrl: acceptInvitationUrl(this.config, token), emailSent: false };
  }
}
