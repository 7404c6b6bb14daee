import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { ADMIN_SEARCH_MAX_LENGTH, type AdminUser, type Page } from '@carecircle/libs';
import { ApiPageQuery, decodeCursor, pageLimit } from '../../../../platform/http/page';
import { adminSearchText, SuperAdminOnly, userListCursor, UsersQuery } from '../../../identity';

@ApiTags('admin')
@Controller()
export class AdminUsersController {
  constructor(private readonly users: UsersQuery) {}

  /** Every account, newest first, in cursor pages; `search` matches email, first or last name, ignoring case. Super admins only. */
  @Get('admin/users')
  @SuperAdminOnly()
  @ApiPageQuery()
  @ApiQuery({ name: 'search', required: false, description: `part of an email, first or last name (at most ${ADMIN_SEARCH_MAX_LENGTH} characters)` })
  list(@Query('search') search: unknown, @Query('cursor') cursor: unknown, @Query('limit') limit: unknown): Promise<Page<AdminUser>> {
    return this.users.page({ search: adminSearchText(search), after: decodeCursor(cursor, userListCursor), limit: pageLimit(limit) });
  }
}
