/** Reports' public surface: other modules use only what is exported here. */
import type { DataExportEvent } from './domain/data-export';
import { ReportTaskEntity } from './read-models/report-tasks/report-tasks.entity';

export { ReportsModule } from './reports.module';
export type { DataExportEvent } from './domain/data-export';
/** Stored type names of this module's events, for modules that react to them (the audit log). */
export type ReportsEventType = DataExportEvent['type'];
export const ReportsEntities = [ReportTaskEntity];
