import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CaregiverInvitation, User } from '@carecircle/libs';
import { CurrentUser } from '../../../identity';
import { InvitationViews } from './invitation-views';
import { InvitationsQuery } from './invitations.query';

@ApiTags('care team')
@Controller('caregiver-invitations')
export class InvitationsReadController {
  constructor(
    private readonly invitations: InvitationsQuery,
    private readonly views: InvitationViews,
  ) {}

  /** The user's own invitations, newest first: pending, accepted, expired or revoked. Links are not in it (POST .../{id}/link). */
  @Get()
  async list(@CurrentUser() user: User): Promise<CaregiverInvitation[]> {
    return this.views.present(user.id, await this.invitations.listFor(user.id));
  }
}
