import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import type { Request } from 'express';
import { CARE_UPDATE_MAX_TEXT, CARE_UPDATE_TEXT, type CareUpdate, type CareUpdateInput, type User } from '@carecircle/libs';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { IfGiven, IsLink, IsText } from '../../../platform/http/dto-rules';
import { ChildAccess, ChildAccessGuard } from '../../care-recipients';
import { CurrentUser } from '../../identity';
import { CareUpdateAccess } from '../access/care-update-access';
import { CareUpdatesQuery } from '../read-models/care-updates/care-updates.query';
import { ExecuteCareUpdateCommand, type CareUpdateRequest } from './care-update-command.handler';

/** The "Post an update" form (POST) and the edit dialog (PUT, a full replace: no imageUrl removes the photo). */
export class CareUpdateDto implements CareUpdateInput {
  /** 1 to 2000 characters once trimmed. */
  @IsText(CARE_UPDATE_MAX_TEXT, { message: CARE_UPDATE_TEXT.textRequired }) text!: string;
  /** An https:// link or a path POST /api/upload answered; blank or absent: no photo. */
  @IfGiven() @IsLink() imageUrl?: string | null;
  /** Default false. An important update notifies everyone else who sees the recipient. */
  @IfGiven() @IsBoolean() important?: boolean;
}

const updateId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(CARE_UPDATE_TEXT.notFound) });

/**
 * Posting needs only read access to the recipient (view-only caregivers post too); editing and
 * removing, the author or the primary caregiver (403 for others who see the recipient, 404 for
 * anyone else). Access and rules are the handler's and the decider's; this maps HTTP.
 */
@ApiTags('care updates')
@Controller()
@UseGuards(ChildAccessGuard)
export class CareUpdatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly updates: CareUpdatesQuery,
    private readonly access: CareUpdateAccess,
  ) {}

  @Post('children/:childId/updates')
  @ChildAccess('read')
  async post(@Param('childId') childId: string, @Body() body: CareUpdateDto, @CurrentUser() user: User, @Req() req: Request): Promise<CareUpdate> {
    const id = randomUUID();
    await this.execute({ type: 'PostCareUpdate', childId, data: { updateId: id, input: body }, metadata: commandMetadata(req) });
    return this.answer(user, id);
  }

  @Put('updates/:id')
  async edit(@Param('id', updateId) id: string, @Body() body: CareUpdateDto, @CurrentUser() user: User, @Req() req: Request): Promise<CareUpdate> {
    await this.execute({ type: 'EditCareUpdate', data: { updateId: id, input: body }, metadata: commandMetadata(req) });
    return this.answer(user, id);
  }

  @Delete('updates/:id')
  @HttpCode(204)
  async remove(@Param('id', updateId) id: string, @Req() req: Request): Promise<void> {
    await this.execute({ type: 'RemoveCareUpdate', data: { updateId: id }, metadata: commandMetadata(req) });
  }

  private execute(request: CareUpdateRequest): Promise<string> {
    return this.commands.execute(new ExecuteCareUpdateCommand(request));
  }

  private async answer(user: User, id: string): Promise<CareUpdate> {
    const child = await this.access.recipientOf(user.id, id);
    return (await this.updates.byId(id, { userId: user.id, isPrimary: child.primaryCaregiverId === user.id }))!;
  }
}
