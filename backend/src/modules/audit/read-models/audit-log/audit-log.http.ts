import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { ADMIN_SEARCH_MAX_LENGTH, type AuditEntry, type Page, type User } from '@carecircle/libs';
import { ApiPageQuery, decodeCursor, pageLimit } from '../../../../platform/http/page';
import { adminSearchText, CurrentUser, SuperAdminOnly, UsersQuery } from '../../../identity';
import { auditCursor, AuditLogQuery } from './audit-log.query';

/** An audit search reads the entries of at most this many matching accounts (the newest): a name shared by thousands is narrowed by typing more. */
export const AUDIT_SEARCH_MAX_ACCOUNTS = 50;

@ApiTags('audit')
@Controller()
export class AuditLogController {
  constructor(
    private readonly audit: AuditLogQuery,
    private readonly users: UsersQuery,
  ) {}

  /** The signed-in user's own security events, newest first. */
  @Get('user/audit')
  @ApiPageQuery()
  mine(@CurrentUser() user: User, @Query('cursor') cursor: unknown, @Query('limit') limit: unknown): Promise<Page<AuditEntry>> {
    return this.audit.forUser(user.id, { after: decodeCursor(cursor, auditCursor), limit: pageLimit(limit) });
  }

  /**
   * Every account's security events, newest first: super admins only. With `search`, those of the
   * AUDIT_SEARCH_MAX_ACCOUNTS newest accounts whose email, first or last name contain it.
   */
  @Get('admin/audit')
  @SuperAdminOnly()
  @ApiPageQuery()
  @ApiQuery({ name: 'search', required: false, description: `part of an account's email, first or last name (at most ${ADMIN_SEARCH_MAX_LENGTH} characters)` })
  async all(@Query('search') search: unknown, @Query('cursor') cursor: unknown, @Query('limit') limit: unknown): Promise<Page<AuditEntry>> {
    const text = adminSearchText(search);
    const page = { after: decodeCursor(cursor, auditCursor), limit: pageLimit(limit) };
    return this.audit.all(text === '' ? page : { ...page, userIds: await this.users.idsMatching(text, AUDIT_SEARCH_MAX_ACCOUNTS) });
  }
}
