import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { INVITATION_MESSAGES, type CaregiverInvitation, type InvitationInvitee, type User } from '@carecircle/libs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { hashSecretToken } from '../../../../platform/http/secret-token';
import { CurrentUser, Public } from '../../../identity';
import { AcceptThrottle } from '../../commands/accept-invitation/accept-throttle';
import { looksLikeInvitationToken } from '../../commands/invitation-token';
import { InvitationViews } from './invitation-views';
import { InvitationsQuery } from './invitations.query';

@ApiTags('care team')
@Controller('caregiver-invitations')
export class InvitationsReadController {
  constructor(
    private readonly invitations: InvitationsQuery,
    private readonly views: InvitationViews,
    private readonly throttle: AcceptThrottle,
  ) {}

  /** The user's own invitations, newest first: pending, accepted, expired or revoked. Links are not in it (POST .../{id}/link). */
  @Get()
  async list(@CurrentUser() user: User): Promise<CaregiverInvitation[]> {
    return this.views.present(user.id, await this.invitations.listFor(user.id));
  }

  /**
   * Public, for the sign-in form of someone who followed a link signed out: whom a pending invitation
   * was sent to, so the form starts with that address (docs/care-team.md, Tokens). Any link that
   * cannot be accepted (unknown, malformed, replaced, used, withdrawn, expired) gets the same 404, and
   * lookups are throttled per address as accepts are.
   */
  @Public()
  @Get(':token/invitee')
  async invitee(@Param('token') token: string, @Req() req: Request): Promise<InvitationInvitee> {
    await this.throttle.beforeLookup(req.ip ?? 'unknown');
    const email = looksLikeInvitationToken(token) ? await this.invitations.inviteeOf(hashSecretToken(token)) : null;
    if (!email) throw new DomainError('CARE_TEAM.INVALID_LINK', 'not_found', INVITATION_MESSAGES.invalidLink);
    return { email };
  }
}
