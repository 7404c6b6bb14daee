import { Readable } from 'node:stream';
import { Controller, Get, Query, Req, StreamableFile, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { TASK_OUTCOME_LABELS, type AdherenceReport, type Child, type DataExportKind, type User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { Turns } from '../../../../platform/http/turns';
import { ChildAccess, ChildAccessGuard, MedicationsQuery } from '../../../care-recipients';
import { CurrentUser, UsersQuery } from '../../../identity';
import { RecordExport } from '../../commands/record-export/record-export.handler';
import { checkReportRange } from '../../domain/data-export.decide';
import { csvLine } from './csv';
import { ReportTasksQuery, withMedicationNames, type HistoryCursor } from './report-tasks.query';

/** History rows read per page while the CSV is written. */
const HISTORY_ROWS_PER_PAGE = 1000;

const RANGE_QUERY = [ApiQuery({ name: 'from', description: 'First day, yyyy-mm-dd' }), ApiQuery({ name: 'to', description: 'Last day, yyyy-mm-dd (at most 62 days in all)' })];
const applyAll = (decorators: MethodDecorator[]): MethodDecorator => (target, key, descriptor) => {
  for (const decorator of decorators) decorator(target, key, descriptor);
};
/** A CSV download over a range, for anyone who may read the recipient. */
const CSV_DOWNLOAD = applyAll([...RANGE_QUERY, ApiProduces('text/csv'), ChildAccess('read')]);

const fileName = (child: Child, what: string, from: string, to: string) => `${child.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'recipient'}-${what}-${from}-to-${to}.csv`;
const csvFile = (body: Readable, name: string) => new StreamableFile(body, { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="${name}"` });

/**
 * A recipient's reports over a range (at most 62 days, docs/validation.md): the adherence report
 * (JSON for the printable page, and CSV) and the task history (CSV). Anyone who sees the recipient
 * may read them (404 otherwise); the range is checked before anything is read or recorded, and each
 * download is recorded as an export (the audit).
 */
@ApiTags('data & privacy')
@Controller('children/:childId')
@UseGuards(ChildAccessGuard)
export class ReportTasksController {
  constructor(
    private readonly reports: ReportTasksQuery,
    private readonly medications: MedicationsQuery,
    private readonly users: UsersQuery,
    private readonly commands: CommandBus,
  ) {}

  @Get('adherence')
  @ChildAccess('read')
  @applyAll(RANGE_QUERY)
  async adherence(@Req() req: Request & { child: Child }, @Query('from') from: unknown, @Query('to') to: unknown): Promise<AdherenceReport> {
    const range = checkReportRange(from as string, to as string);
    const now = new Date();
    return { childId: req.child.id, childName: req.child.name, ...range, generatedAt: now.toISOString(), medications: await this.lines(req.child.id, range, now) };
  }

  @Get('adherence.csv')
  @CSV_DOWNLOAD
  async adherenceCsv(@CurrentUser() user: User, @Req() req: Request & { child: Child }, @Query('from') from: unknown, @Query('to') to: unknown): Promise<StreamableFile> {
    const range = await this.recordedRange(req, user, 'adherence', from, to);
    const now = new Date();
    const lines = await this.lines(req.child.id, range, now);
    const rows = [
      csvLine(['Care recipient', req.child.name, 'From', range.from, 'To', range.to, 'Generated', now.toISOString()]),
      csvLine(['Medication', 'Dose', 'Scheduled', 'Given on time', 'Given early', 'Given late', 'Missed', 'Not due yet', 'Removed', 'Removal reasons']),
      ...lines.map((l) =>
        csvLine([l.name, l.dosage, l.scheduled, l.onTime, l.early, l.late, l.missed, l.notDue, l.removed, l.removedReasons.map((r) => `${r.reason} (${r.count})`).join('; ')]),
      ),
    ];
    return csvFile(Readable.from(rows), fileName(req.child, 'adherence', range.from, range.to));
  }

  @Get('history.csv')
  @CSV_DOWNLOAD
  async historyCsv(@CurrentUser() user: User, @Req() req: Request & { child: Child }, @Query('from') from: unknown, @Query('to') to: unknown): Promise<StreamableFile> {
    const range = await this.recordedRange(req, user, 'task_history', from, to);
    return csvFile(Readable.from(this.historyLines(req.child.id, range.from, range.to, new Date())), fileName(req.child, 'task-history', range.from, range.to));
  }

  /** The history CSV a page of rows at a time (a range holds at most 62 days of a recipient's tasks). */
  private async *historyLines(childId: string, from: string, to: string, now: Date): AsyncGenerator<string> {
    const turns = new Turns();
    yield csvLine(['Date', 'Time', 'Task', 'Category', 'Outcome', 'Completed at', 'Completed by', 'Notes', 'Removed at', 'Removed by', 'Removal reason']);
    for (let after: HistoryCursor | null = null, more = true; more; ) {
      const page = await this.reports.historyPage(childId, from, to, now, { after, size: HISTORY_ROWS_PER_PAGE });
      const names = await this.users.displayNames(page.rows.flatMap((r) => [r.completedBy, r.removedBy].filter((id): id is string => id !== null)));
      const nameOf = (id: string | null) => (id ? (names.get(id) ?? 'Former caregiver') : null);
      for (const r of page.rows) {
        yield csvLine([r.scheduledDate, r.localTime, r.name, r.category, TASK_OUTCOME_LABELS[r.outcome], r.completedAt, nameOf(r.completedBy), r.notes, r.removedAt, nameOf(r.removedBy), r.removedReason]);
        if (turns.over) await turns.next();
      }
      after = page.next;
      more = page.next !== null;
    }
  }

  private async lines(childId: string, range: { from: string; to: string }, now: Date) {
    return withMedicationNames(await this.reports.adherence(childId, range.from, range.to, now), await this.medications.forChild(childId, now));
  }

  /** Checks the range, then records the download as an export, before anything is read. */
  private async recordedRange(req: Request & { child: Child }, user: User, kind: DataExportKind, from: unknown, to: unknown): Promise<{ from: string; to: string }> {
    const range = checkReportRange(from as string, to as string);
    await this.commands.execute(new RecordExport({ what: { kind, format: 'csv', childId: req.child.id, ...range }, metadata: { ...commandMetadata(req), actorId: user.id } }));
    return range;
  }
}
