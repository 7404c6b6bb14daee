import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AcceptedInvitation, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { AcceptInvitation } from './accept-invitation.handler';

@ApiTags('care team')
@Controller('caregiver-invitations')
export class AcceptInvitationController {
  constructor(private readonly commands: CommandBus) {}

  /**
   * Spec document 1: no body, signed-in user. 200 `{message, childIds}`; every failure has a
   * `message` the accept page shows: 404 invalid link, 410 used, withdrawn or expired, 400 one's own
   * invitation, 401 signed out, 429 too many attempts.
   */
  @Post(':token/accept')
  @HttpCode(200)
  accept(@CurrentUser() user: User, @Param('token') token: string, @Req() req: Request): Promise<AcceptedInvitation> {
    return this.commands.execute(new AcceptInvitation({ token, user, address: req.ip ?? 'unknown', metadata: commandMetadata(req) }));
  }
}
