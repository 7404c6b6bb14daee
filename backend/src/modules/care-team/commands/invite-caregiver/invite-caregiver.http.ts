import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ArrayMaxSize, IsArray, IsBoolean } from 'class-validator';
import {
  INVITATION_MESSAGES,
  INVITEE_NAME_MAX,
  MAX_INVITATION_CHILDREN,
  type CaregiverInvitationInput,
  type CaregiverInvitationWithLink,
  type User,
} from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IfGiven, IsEmailAddress, IsText, IsUuid } from '../../../../platform/http/dto-rules';
import { CurrentUser } from '../../../identity';
import { InviteCaregiver } from './invite-caregiver.handler';

const CHILD_IDS_MESSAGE = 'childIds must be a list of care recipient ids';

export class InviteCaregiverDto implements CaregiverInvitationInput {
  @IsEmailAddress(INVITATION_MESSAGES.emailInvalid)
  inviteeEmail!: string;

  @IfGiven() @IsText(INVITEE_NAME_MAX) inviteeName?: string | null;

  /** Default: every recipient the inviter owns. Each must be one of theirs. */
  @IfGiven()
  @IsArray({ message: CHILD_IDS_MESSAGE })
  @ArrayMaxSize(MAX_INVITATION_CHILDREN, { message: CHILD_IDS_MESSAGE })
  @IsUuid(CHILD_IDS_MESSAGE, { each: true })
  childIds?: string[];

  /** Whether the caregiver may change the shared recipients' care; default false (view only). */
  @IfGiven() @IsBoolean({ message: 'canEdit must be true or false' }) canEdit?: boolean;
}

@ApiTags('care team')
@Controller('caregiver-invitations')
export class InviteCaregiverController {
  constructor(private readonly commands: CommandBus) {}

  /** 201 with the link (`acceptUrl`, shown only here and by POST .../{id}/link) and whether it was mailed (`emailSent`). */
  @Post()
  invite(@CurrentUser() user: User, @Body() body: InviteCaregiverDto, @Req() req: Request): Promise<CaregiverInvitationWithLink> {
    return this.commands.execute(new InviteCaregiver({ inviter: user, input: body, metadata: commandMetadata(req) }));
  }
}
