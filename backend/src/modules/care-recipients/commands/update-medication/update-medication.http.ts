import { Body, Controller, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Medication } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildAccess, ChildAccessGuard } from '../../access/child-access.guard';
import { MedicationUpdateDto, medicationId } from '../care-recipient.dto';
import { UpdateMedication } from './update-medication.handler';

/** 200 with the medication as it now is. */
@ApiTags('medications')
@Controller('children/:childId/medications')
@UseGuards(ChildAccessGuard)
export class UpdateMedicationController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id')
  @ChildAccess('edit')
  update(@Param('childId') childId: string, @Param('id', medicationId) id: string, @Body() body: MedicationUpdateDto, @Req() req: Request): Promise<Medication> {
    return this.commands.execute(new UpdateMedication({ childId, medicationId: id, input: body, metadata: commandMetadata(req) }));
  }
}
