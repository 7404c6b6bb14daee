import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuditEntry, Page, User } from '@carecircle/libs';
import { ApiPageQuery, decodeCursor, pageLimit } from '../../../../platform/http/page';
import { CurrentUser, SuperAdminOnly } from '../../../identity';
import { auditCursor, AuditLogQuery } from './audit-log.query';

@ApiTags('audit')
@Controller()
export class AuditLogController {
  constructor(private readonly audit: AuditLogQuery) {}

  /** The signed-in user's own security events, newest first. */
  @Get('user/audit')
  @ApiPageQuery()
  mine(@CurrentUser() user: User, @Query('cursor') cursor: unknown, @Query('limit') limit: unknown): Promise<Page<AuditEntry>> {
    return this.audit.forUser(user.id, { after: decodeCursor(cursor, auditCursor), limit: pageLimit(limit) });
  }

  /** Every account's security events, newest first: super admins only. */
  @Get('admin/audit')
  @SuperAdminOnly()
  @ApiPageQuery()
  all(@Query('cursor') cursor: unknown, @Query('limit') limit: unknown): Promise<Page<AuditEntry>> {
    return this.audit.all({ after: decodeCursor(cursor, auditCursor), limit: pageLimit(limit) });
  }
}
