import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Medication } from '@carecircle/libs';
import { ChildAccess, ChildAccessGuard } from '../../access/child-access.guard';
import { MedicationsQuery } from './medications.query';

@ApiTags('medications')
@Controller('children/:childId/medications')
@UseGuards(ChildAccessGuard)
export class MedicationsReadController {
  constructor(private readonly medications: MedicationsQuery) {}

  @Get()
  @ChildAccess('read')
  list(@Param('childId') childId: string): Promise<Medication[]> {
    return this.medications.forChild(childId);
  }
}
