import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { ADMIN_SEARCH_MAX_LENGTH, ADMIN_TEXT, type AdminUser, type Page } from '@carecircle/libs';
import { invalidInput } from '../../../../platform/commands/domain-error';
import { ApiPageQuery, decodeCursor, pageLimit } from '../../../../platform/http/page';
import { SuperAdminOnly, userListCursor, UsersQuery } from '../../../identity';

const invalid = invalidInput('ADMIN.INVALID_SEARCH');

/** `?search=`: absent or blank is everyone; text of at most ADMIN_SEARCH_MAX_LENGTH characters, trimmed, else 400. */
function searchText(raw: unknown): string {
  if (raw === undefined) return '';
  if (typeof raw !== 'string' || raw.length > ADMIN_SEARCH_MAX_LENGTH || raw.includes('\u0000')) throw invalid('search', ADMIN_TEXT.badSearch);
  return raw.trim();
}

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
    return this.users.page({ search: searchText(search), after: decodeCursor(cursor, userListCursor), limit: pageLimit(limit) });
  }
}
