import { BadRequestException, Body, Controller, Delete, HttpCode, Param, ParseUUIDPipe, Patch, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IsBoolean } from 'class-validator';
import type { CaregiverAccess } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildAccess, ChildAccessGuard, ExecuteCareRecipientCommand } from '../../../care-recipients';

export class CaregiverAccessDto {
  @IsBoolean({ message: 'canEdit must be true or false' }) canEdit!: boolean;
}

const USER_ID_MESSAGE = 'User id must be a UUID';
const userIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException({ message: USER_ID_MESSAGE, errors: [{ field: 'userId', message: USER_ID_MESSAGE }] }) });

/**
 * The Secondary Caregivers panel's edit switch and remove button, per recipient. The guard hides
 * other families' recipients (404); the recipient's decider lets only its primary caregiver change
 * who has access (403 for caregivers it is shared with, with or without edit), and a user without
 * access is a 404. Revoking takes effect with that caregiver's next request (every child-scoped
 * route reads child_access), and their live updates for the recipient stop (GET /api/live checks
 * access at each delivery).
 */
@ApiTags('care team')
@Controller('children/:childId/caregivers')
@UseGuards(ChildAccessGuard)
export class CaregiverAccessController {
  constructor(private readonly commands: CommandBus) {}

  /** 200 `{childId, userId, canEdit}`. */
  @Patch(':userId')
  @ChildAccess('read')
  async change(
    @Param('childId') childId: string,
    @Param('userId', userIdPipe) userId: string,
    @Body() body: CaregiverAccessDto,
    @Req() req: Request,
  ): Promise<CaregiverAccess> {
    await this.commands.execute(
      new ExecuteCareRecipientCommand(childId, { type: 'ChangeCaregiverAccess', data: { userId, canEdit: body.canEdit }, metadata: commandMetadata(req) }),
    );
    return { childId, userId, canEdit: body.canEdit };
  }

  /** 204; the caregiver no longer sees the recipient. */
  @Delete(':userId')
  @ChildAccess('read')
  @HttpCode(204)
  async remove(@Param('childId') childId: string, @Param('userId', userIdPipe) userId: string, @Req() req: Request): Promise<void> {
    await this.commands.execute(
      new ExecuteCareRecipientCommand(childId, { type: 'RevokeCaregiverAccess', data: { userId, requireShared: true }, metadata: commandMetadata(req) }),
    );
  }
}
