import { Controller, Get, Param, Query, Req, UseGuards } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { CareUpdatePage, Child, User } from '@carecircle/libs';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { CurrentUser } from '../../../identity';
import { CareUpdatesQuery } from './care-updates.query';

@ApiTags('care updates')
@Controller('children/:childId/updates')
@UseGuards(ChildAccessGuard)
export class CareUpdatesReadController {
  constructor(private readonly updates: CareUpdatesQuery) {}

  /** The recipient's updates, newest first, 20 a page: `{items, nextCursor}`; pass `nextCursor` back as `?cursor` for older ones. */
  @Get()
  @ChildAccess('read')
  @ApiQuery({ name: 'cursor', required: false, description: 'nextCursor of the previous page' })
  list(@Param('childId') childId: string, @Query('cursor') cursor: unknown, @CurrentUser() user: User, @Req() req: Request & { child: Child }): Promise<CareUpdatePage> {
    return this.updates.page(childId, { userId: user.id, isPrimary: req.child.primaryCaregiverId === user.id }, cursor);
  }
}
