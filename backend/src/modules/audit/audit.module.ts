import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { AuditLogController } from './read-models/audit-log/audit-log.http';
import { AuditLogProjection } from './read-models/audit-log/audit-log.projection';
import { AuditLogQuery } from './read-models/audit-log/audit-log.query';

/** The audit log: security events of every account, read by the account itself and by super admins. */
@Module({
  imports: [IdentityModule],
  controllers: [AuditLogController],
  providers: [AuditLogProjection, AuditLogQuery],
})
export class AuditModule {}
