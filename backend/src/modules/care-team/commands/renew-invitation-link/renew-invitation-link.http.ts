import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { CaregiverInvitationWithLink, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { invitationIdPipe } from '../invitation-id';
import { RenewInvitationLink } from './renew-invitation-link.handler';

@ApiTags('care team')
@Controller('caregiver-invitations')
export class RenewInvitationLinkController {
  constructor(private readonly commands: CommandBus) {}

  /** 200 with a new `acceptUrl` for a pending or expired invitation (the old link stops working); 404 not the user's; 409 accepted or revoked. */
  @Post(':id/link')
  @HttpCode(200)
  renew(@CurrentUser() user: User, @Param('id', invitationIdPipe) id: string, @Req() req: Request): Promise<CaregiverInvitationWithLink> {
    return this.commands.execute(new RenewInvitationLink({ primaryUserId: user.id, invitationId: id, metadata: commandMetadata(req) }));
  }
}
