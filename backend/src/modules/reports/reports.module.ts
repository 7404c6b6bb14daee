import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CareHubModule } from '../care-hub';
import { CareRecipientsModule } from '../care-recipients';
import { CareUpdatesModule } from '../care-updates';
import { IdentityModule } from '../identity';
import { SchedulingModule } from '../scheduling';
import { RecordExportHandler } from './commands/record-export/record-export.handler';
import { ExportMyDataController } from './queries/export-my-data/export-my-data.http';
import { ExportMyDataQuery } from './queries/export-my-data/export-my-data.query';
import { ExportTurns } from './queries/export-my-data/export-turns';
import { ReportTasksController } from './read-models/report-tasks/report-tasks.http';
import { ReportTasksProjection } from './read-models/report-tasks/report-tasks.projection';
import { ReportTasksQuery } from './read-models/report-tasks/report-tasks.query';

/**
 * Account > Data & Privacy (issue 24): Export My Data, a recipient's task history as CSV and the
 * adherence report; each export recorded for the audit (docs/reports.md). Reads other modules only
 * through their public surface; its own read model (report_tasks) keeps removed tasks too.
 */
@Module({
  imports: [CqrsModule, IdentityModule, CareRecipientsModule, SchedulingModule, CareHubModule, CareUpdatesModule],
  controllers: [ExportMyDataController, ReportTasksController],
  providers: [RecordExportHandler, ExportTurns, ExportMyDataQuery, ReportTasksQuery, ReportTasksProjection],
})
export class ReportsModule {}
