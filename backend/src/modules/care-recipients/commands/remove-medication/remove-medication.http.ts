import { Controller, Delete, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildAccess, ChildAccessGuard } from '../../access/child-access.guard';
import { medicationId } from '../care-recipient.dto';
import { RemoveMedication } from './remove-medication.handler';

/** 204; the medication leaves the list. */
@ApiTags('medications')
@Controller('children/:childId/medications')
@UseGuards(ChildAccessGuard)
export class RemoveMedicationController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':id')
  @ChildAccess('edit')
  @HttpCode(204)
  remove(@Param('childId') childId: string, @Param('id', medicationId) id: string, @Req() req: Request): Promise<void> {
    return this.commands.execute(new RemoveMedication({ childId, medicationId: id, metadata: commandMetadata(req) }));
  }
}
