import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import type { Request } from 'express';
import type { Child, ChildInput, User } from '@carecircle/libs';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { CurrentUser } from '../../identity';
import { ChildAccess, ChildAccessGuard } from '../access/child-access.guard';
import { ChildrenQuery } from '../read-models/children/children.query';
import { ExecuteCareRecipientCommand } from './care-recipient-command.handler';

const SHORT = 200;
const LONG = 5000;
const nullable = (_: object, value: unknown) => value !== null && value !== undefined;

/** Both payload shapes of the spec; types are checked here, rules in the decider. */
export class ChildDto implements ChildInput {
  @IsOptional() @IsString() @MaxLength(SHORT) firstName?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) lastName?: string;
  @IsOptional() @IsString() @MaxLength(SHORT * 2) name?: string;
  @ValidateIf(nullable) @IsString({ message: 'dateOfBirth must be a date (yyyy-mm-dd)' }) @MaxLength(40) dateOfBirth?: string | null;
  @ValidateIf(nullable) @IsString() @MaxLength(LONG) medicalConditions?: string | null;
  @ValidateIf(nullable) @IsString() @MaxLength(LONG) medicalNotes?: string | null;
  @ValidateIf(nullable) @IsString() @MaxLength(LONG) notes?: string | null;
  @ValidateIf(nullable) @IsString() @MaxLength(50) gender?: string | null;
  @ValidateIf(nullable) @IsString() @MaxLength(50) phone?: string | null;
  @ValidateIf(nullable) @IsString() @MaxLength(254) email?: string | null;
  @ValidateIf(nullable) @IsString() @MaxLength(2000) profileImageUrl?: string | null;
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
      new ExecuteCareRecipientCommand(childId, { type: 'AddCareRecipient', data: { childId, input: body }, metadata: commandMetadata(req) }),
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
