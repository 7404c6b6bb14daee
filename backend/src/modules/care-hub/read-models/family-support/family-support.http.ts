import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FamilySupportResource } from '@carecircle/libs';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { FamilySupportQuery } from './family-support.query';

@ApiTags('care hub')
@Controller('children/:childId/family-support')
@UseGuards(ChildAccessGuard)
export class FamilySupportReadController {
  constructor(private readonly support: FamilySupportQuery) {}

  @Get()
  @ChildAccess('read')
  list(@Param('childId') childId: string): Promise<FamilySupportResource[]> {
    return this.support.forChild(childId);
  }
}
