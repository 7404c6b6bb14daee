import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CHILD_DATE_OF_BIRTH_INVALID, CHILD_EMAIL_INVALID, type Child, type ChildInput, type User, TEXT_MAX } from '@carecircle/libs';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { IfGiven, IsCalendarDate, IsEmailAddress, IsLink, IsText } from '../../../platform/http/dto-rules';
import { CurrentUser } from '../../identity';
import { ChildAccess, ChildAccessGuard } from '../access/child-access.guard';
import { ChildrenQuery } from '../read-models/children/children.query';
import { ExecuteCareRecipientCommand } from './care-recipient-command.handler';

const SHORT = TEXT_MAX.name;
const LONG = TEXT_MAX.text;

/** Both payload shapes of the spec; types and ranges are checked here (dto-rules), rules in the decider. */
export class ChildDto implements ChildInput {
  @IfGiven() @IsText(SHORT) firstName?: string;
  @IfGiven() @IsText(SHORT) lastName?: string;
  @IfGiven() @IsText(SHORT * 2) name?: string;
  /** yyyy-mm-dd or a date-time; empty means none; from 1900-01-01, not in the future. */
  @IfGiven() @IsCalendarDate({ message: CHILD_DATE_OF_BIRTH_INVALID, dateTime: true, notInFuture: true }) dateOfBirth?: string | null;
  @IfGiven() @IsText(LONG) medicalConditions?: string | null;
  @IfGiven() @IsText(LONG) medicalNotes?: string | null;
  @IfGiven() @IsText(LONG) notes?: string | null;
  @IfGiven() @IsText(50) gender?: string | null;
  @IfGiven() @IsText(50) phone?: string | null;
  @IfGiven() @IsEmailAddress(CHILD_EMAIL_INVALID, { optional: true }) email?: string | null;
  @IfGiven() @IsLink() profileImageUrl?: string | null;
}

@ApiTags('care recipients')
@Controller('children')
@UseGuards(ChildAccessGuard)
export class CareRecipientsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly children: ChildrenQuery,
  ) {}

  @Post()
  async add(@CurrentUser() user: User, @Body() body: ChildDto, @Req() req: Request): Promise<Child> {
    const childId = randomUUID();
    await this.commands.execute(
      new ExecuteCareRecipientCommand(childId, { type: 'AddCareRecipient', data: { childId, input: body, ownedRecipients: 0 /* counted by the handler */ }, metadata: commandMetadata(req) }),
    );
    return (await this.children.getFor(user.id, childId))!;
  }

  @Put(':childId')
  @ChildAccess('edit')
  async update(@CurrentUser() user: User, @Param('childId') childId: string, @Body() body: ChildDto, @Req() req: Request): Promise<Child> {
    await this.commands.execute(
      new ExecuteCareRecipientCommand(childId, { type: 'UpdateCareRecipient', data: { input: body }, metadata: commandMetadata(req) }),
    );
    return (await this.children.getFor(user.id, childId))!;
  }

  @Delete(':childId')
  @ChildAccess('edit')
  @HttpCode(204)
  async remove(@Param('childId') childId: string, @Req() req: Request): Promise<void> {
    await this.commands.execute(
      new ExecuteCareRecipientCommand(childId, { type: 'RemoveCareRecipient', data: {}, metadata: commandMetadata(req) }),
    );
  }
}
