import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CARE_HUB_MAX, CARE_HUB_TEXT, SUPPORT_ROLES, type FamilySupportInput, type FamilySupportResource, type SupportRole } from '@carecircle/libs';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { IfGiven, IsEmailAddress, IsOneOf, IsText, IsUuid } from '../../../platform/http/dto-rules';
import { ChildAccess, ChildAccessGuard } from '../../care-recipients';
import { FamilySupportQuery } from '../read-models/family-support/family-support.query';
import { ExecuteCareDirectoryCommand, type CareDirectoryRequest } from './care-directory-command.handler';

/** The family-support dialog (POST and PUT, a full replace). Blank optional fields are stored as null. */
export class FamilySupportDto implements FamilySupportInput {
  @IsText(CARE_HUB_MAX.name, { message: CARE_HUB_TEXT.supportRequiredName }) name!: string;
  /** Default school_nurse. */
  @IfGiven() @IsOneOf(SUPPORT_ROLES, CARE_HUB_TEXT.unknown.role) role?: SupportRole;
  @IfGiven() @IsText(CARE_HUB_MAX.organization) organization?: string | null;
  /** A person's number as typed, an extension after ext, x, # or a comma; stored in E.164 with `;ext=N` (`+14155550134;ext=12`). Short service numbers such as 911 are refused. */
  @IfGiven() @IsText(CARE_HUB_MAX.phone) phoneNumber?: string | null;
  @IfGiven() @IsEmailAddress(CARE_HUB_TEXT.emailInvalid, { optional: true }) email?: string | null;
  @IfGiven() @IsText(CARE_HUB_MAX.notes) notes?: string | null;
  /** The recipient the resource belongs to, as the spec's form sends it: another one than the path's (or the resource's) is a 400. */
  @IfGiven() @IsUuid() childId?: string;
}

const resourceId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(CARE_HUB_TEXT.notFound.support) });

@ApiTags('care hub')
@Controller()
@UseGuards(ChildAccessGuard)
export class FamilySupportController {
  constructor(
    private readonly commands: CommandBus,
    private readonly support: FamilySupportQuery,
  ) {}

  @Post('children/:childId/family-support')
  @ChildAccess('edit')
  async add(@Param('childId') childId: string, @Body() body: FamilySupportDto, @Req() req: Request): Promise<FamilySupportResource> {
    const id = randomUUID();
    await this.execute({ type: 'AddFamilySupport', childId, data: { resourceId: id, input: body }, metadata: commandMetadata(req) });
    return this.answer(id);
  }

  @Put('family-support/:id')
  async update(@Param('id', resourceId) id: string, @Body() body: FamilySupportDto, @Req() req: Request): Promise<FamilySupportResource> {
    await this.execute({ type: 'UpdateFamilySupport', data: { resourceId: id, input: body }, metadata: commandMetadata(req) });
    return this.answer(id);
  }

  @Delete('family-support/:id')
  @HttpCode(204)
  async remove(@Param('id', resourceId) id: string, @Req() req: Request): Promise<void> {
    await this.execute({ type: 'DeleteFamilySupport', data: { resourceId: id }, metadata: commandMetadata(req) });
  }

  /** The toast's Undo after a delete. Restoring a resource that is there changes nothing. */
  @Post('family-support/:id/restore')
  @HttpCode(200)
  async restore(@Param('id', resourceId) id: string, @Req() req: Request): Promise<FamilySupportResource> {
    await this.execute({ type: 'RestoreFamilySupport', data: { resourceId: id }, metadata: commandMetadata(req) });
    return this.answer(id);
  }

  private execute(request: CareDirectoryRequest): Promise<string> {
    return this.commands.execute(new ExecuteCareDirectoryCommand(request));
  }

  private async answer(id: string): Promise<FamilySupportResource> {
    return (await this.support.byId(id))!;
  }
}
