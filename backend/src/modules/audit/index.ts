/** Audit's public surface: other modules use only what is exported here. */
import { AuditLogEntity } from './read-models/audit-log/audit-log.entity';

export { AuditModule } from './audit.module';
export const AuditEntities = [AuditLogEntity];
