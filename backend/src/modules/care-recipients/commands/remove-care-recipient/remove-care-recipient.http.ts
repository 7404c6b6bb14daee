import { Controller, Delete, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildAccess, ChildAccessGuard } from '../../access/child-access.guard';
import { RemoveCareRecipient } from './remove-care-recipient.handler';

/** 204; the recipient and everything about them is gone (erased). */
@ApiTags('care recipients')
@Controller('children')
@UseGuards(ChildAccessGuard)
export class RemoveCareRecipientController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':childId')
  @ChildAccess('edit')
  @HttpCode(204)
  remove(@Param('childId') childId: string, @Req() req: Request): Promise<void> {
    return this.commands.execute(new RemoveCareRecipient({ childId, metadata: commandMetadata(req) }));
  }
}
