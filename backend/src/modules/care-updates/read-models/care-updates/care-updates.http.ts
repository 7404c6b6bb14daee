import { Controller, Get, Param, Query, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CARE_UPDATE_LIMITS, type CareUpdatePage, type Child, type User } from '@carecircle/libs';
import { ApiPageQuery, decodeCursor, pageLimit } from '../../../../platform/http/page';
import { ChildAccess, ChildAccessGuard } from '../../../care-recipients';
import { CurrentUser } from '../../../identity';
import { careUpdateCursor, CareUpdatesQuery } from './care-updates.query';

@ApiTags('care updates')
@Controller('children/:childId/updates')
@UseGuards(ChildAccessGuard)
export class CareUpdatesReadController {
  constructor(private readonly updates: CareUpdatesQuery) {}

  /** The recipient's updates, newest first, 20 a page unless `?limit`: `{items, next}`; pass `next` back as `?cursor` for older ones. */
  @Get()
  @ChildAccess('read')
  @ApiPageQuery()
  list(
    @Param('childId') childId: string,
    @Query('cursor') cursor: unknown,
    @Query('limit') limit: unknown,
    @CurrentUser() user: User,
    @Req() req: Request & { child: Child },
  ): Promise<CareUpdatePage> {
    const page = { after: decodeCursor(cursor, careUpdateCursor), size: pageLimit(limit, CARE_UPDATE_LIMITS.pageSize) };
    return this.updates.page(childId, { userId: user.id, isPrimary: req.child.primaryCaregiverId === user.id }, page);
  }
}
