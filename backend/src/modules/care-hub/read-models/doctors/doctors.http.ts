import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Doctor } from '@carecircle/libs';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { DoctorsQuery } from './doctors.query';

@ApiTags('care hub')
@Controller('children/:childId/doctors')
@UseGuards(ChildAccessGuard)
export class DoctorsReadController {
  constructor(private readonly doctors: DoctorsQuery) {}

  @Get()
  @ChildAccess('read')
  list(@Param('childId') childId: string): Promise<Doctor[]> {
    return this.doctors.forChild(childId);
  }
}
