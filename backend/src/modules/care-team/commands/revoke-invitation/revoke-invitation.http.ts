import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { invitationIdPipe } from '../invitation-id';
import { RevokeInvitation } from './revoke-invitation.handler';

@ApiTags('care team')
@Controller('caregiver-invitations')
export class RevokeInvitationController {
  constructor(private readonly commands: CommandBus) {}

  /** 204: the link stops working (again: 204); 404 not the user's invitation; 409 already accepted. */
  @Delete(':id')
  @HttpCode(204)
  async revoke(@CurrentUser() user: User, @Param('id', invitationIdPipe) id: string, @Req() req: Request): Promise<void> {
    await this.commands.execute(new RevokeInvitation({ primaryUserId: user.id, invitationId: id, metadata: commandMetadata(req) }));
  }
}
