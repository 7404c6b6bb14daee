import { randomUUID } from 'node:crypto';
import { Body, Controller, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Medication } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { ChildAccess, ChildAccessGuard } from '../../access/child-access.guard';
import { MedicationDto } from '../care-recipient.dto';
import { AddMedication } from './add-medication.handler';

/** 201 with the new medication. */
@ApiTags('medications')
@Controller('children/:childId/medications')
@UseGuards(ChildAccessGuard)
export class AddMedicationController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @ChildAccess('edit')
  add(@Param('childId') childId: string, @Body() body: MedicationDto, @Req() req: Request): Promise<Medication> {
    return this.commands.execute(new AddMedication({ childId, medicationId: randomUUID(), input: body, metadata: commandMetadata(req) }));
  }
}
