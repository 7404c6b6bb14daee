import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import type { User } from '@carecircle/libs';
import { CurrentUser, SuperAdminOnly } from '../../../identity';
import { AuditLogQuery, type AuditPage } from './audit-log.query';

export class AuditPageQuery {
  /** The `next` of the previous page. */
  @IsOptional()
  @Matches(/^\d{1,40}$/, { message: 'cursor must be the next value of a previous page' })
  cursor?: string;
}

@ApiTags('audit')
@Controller()
export class AuditLogController {
  constructor(private readonly audit: AuditLogQuery) {}

  /** The signed-in user's own security events, newest first. */
  @Get('user/audit')
  mine(@CurrentUser() user: User, @Query() query: AuditPageQuery): Promise<AuditPage> {
    return this.audit.forUser(user.id, query.cursor);
  }

  /** Every account's security events, newest first: super admins only. */
  @Get('admin/audit')
  @SuperAdminOnly()
  all(@Query() query: AuditPageQuery): Promise<AuditPage> {
    return this.audit.all(query.cursor);
  }
}
