import { Body, Controller, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Child } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildAccess, ChildAccessGuard } from '../../access/child-access.guard';
import { ChildDto } from '../care-recipient.dto';
import { UpdateCareRecipient } from './update-care-recipient.handler';

/** 200 with the recipient as it now is. */
@ApiTags('care recipients')
@Controller('children')
@UseGuards(ChildAccessGuard)
export class UpdateCareRecipientController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':childId')
  @ChildAccess('edit')
  update(@Param('childId') childId: string, @Body() body: ChildDto, @Req() req: Request): Promise<Child> {
    return this.commands.execute(new UpdateCareRecipient({ childId, input: body, metadata: commandMetadata(req) }));
  }
}
