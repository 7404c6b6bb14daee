import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { AdminEntities } from '../modules/admin';
import { AuditEntities } from '../modules/audit';
import { BillingEntities } from '../modules/billing';
import { CareHubEntities } from '../modules/care-hub';
import { CareRecipientsEntities } from '../modules/care-recipients';
import { CalendarEntities } from '../modules/calendar';
import { CareTeamEntities } from '../modules/care-team';
import { CareUpdatesEntities } from '../modules/care-updates';
import { CommunityEntities } from '../modules/community';
import { IdentityEntities } from '../modules/identity';
import { SchedulingEntities } from '../modules/scheduling';
import { UploadsEntities } from '../modules/uploads';
import { NotificationsEntities } from '../modules/notifications';
import { ReportsEntities } from '../modules/reports';
import { ProjectionCheckpointEntity } from '../platform/projections/projection-checkpoint.entity';

/**
 * How long one statement may run, and a transaction sit idle between statements before PostgreSQL ends
 * its session, on the read models' connections. A transaction that has written holds back every reader
 * of the event store until it ends (docs/event-store.md), so a projection stuck inside one (a lock
 * wait, a slow statement, code awaiting something) would stop every other projection, and every
 * family's next read: bounded, it holds them at most this long. Reads are bounded by their answer and
 * take well under a second; migrations (migrate.ts) are not bounded.
 */
export interface SessionBounds {
  statementMs: number;
  idleInTransactionMs: number;
}
export const SESSION_BOUNDS: SessionBounds = { statementMs: 30_000, idleInTransactionMs: 30_000 };

/**
 * Every read-model entity, listed explicitly (STACK.md: MikroORM 6 under Nest). The migrations are
 * migrate.ts's: the app does not load the migrator (a second of module loading in every process).
 */
export function ormConfig(clientUrl: string, bounds: SessionBounds | null = SESSION_BOUNDS, poolSize = 10): Options {
  return defineConfig({
    clientUrl,
    entities: [ProjectionCheckpointEntity, ...IdentityEntities, ...CareRecipientsEntities, ...NotificationsEntities, ...SchedulingEntities, ...AuditEntities, ...UploadsEntities, ...CareHubEntities, ...CareTeamEntities, ...CareUpdatesEntities, ...ReportsEntities, ...CalendarEntities, ...BillingEntities, ...AdminEntities, ...CommunityEntities],
    pool: { min: 0, max: poolSize },
    // node-postgres sends these as the session's settings when it connects.
    driverOptions: bounds ? { connection: { statement_timeout: bounds.statementMs, idle_in_transaction_session_timeout: bounds.idleInTransactionMs } } : {},
    allowGlobalContext: false,
    debug: false,
  });
}
