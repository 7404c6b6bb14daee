import { dateProblem, dateProblemMessage, dateRangeProblem, REPORT_TEXT, TASK_MESSAGES, VALIDATION_MESSAGES, type DataExportFormat, type DataExportKind } from '@carecircle/libs';
import type { Decider, DomainCommand } from '../../../platform/commands/decider';
import { invalidInput } from '../../../platform/commands/domain-error';
import { evolveDataExport, initialDataExportState, type DataExportEvent, type DataExportState } from './data-export';

const invalid = invalidInput('REPORTS.INVALID');

/** Record an export: everything (no recipient, no range), or one recipient's report over a range. */
export type DataExportCommand = DomainCommand<
  'RecordExport',
  { userId: string; kind: DataExportKind; format: DataExportFormat; childId?: string | null; from?: string | null; to?: string | null }
>;

/**
 * The range rules of a recipient's report (the house limit, docs/validation.md): both ends real
 * dates in 1900..2100, the end not before the start, at most DATE_RANGE_MAX_DAYS days. Also what the
 * routes check before they read anything, so a refused range reads and records nothing.
 */
export function checkReportRange(from: string | null | undefined, to: string | null | undefined): { from: string; to: string } {
  if (from === undefined || from === null || from === '') throw invalid('from', REPORT_TEXT.fromRequired);
  if (to === undefined || to === null || to === '') throw invalid('to', REPORT_TEXT.toRequired);
  const fromProblem = dateProblem(from);
  if (fromProblem) throw invalid('from', dateProblemMessage(fromProblem, TASK_MESSAGES.invalidDate));
  const toProblem = dateProblem(to);
  if (toProblem) throw invalid('to', dateProblemMessage(toProblem, TASK_MESSAGES.invalidDate));
  const range = dateRangeProblem(from, to);
  if (range) throw invalid('to', range === 'tooLong' ? VALIDATION_MESSAGES.rangeTooLong : VALIDATION_MESSAGES.rangeBackwards);
  return { from, to };
}

export function decideDataExport(command: DataExportCommand, _state: DataExportState): DataExportEvent[] {
  const { userId, kind, format } = command.data;
  const exportedAt = command.metadata.occurredAt;
  if (kind === 'everything') return [{ type: 'DataExported', data: { userId, kind, format, childId: null, from: null, to: null, exportedAt } }];
  const childId = command.data.childId ?? null;
  if (!childId) throw invalid('childId', 'Choose a care recipient for the report.');
  const { from, to } = checkReportRange(command.data.from, command.data.to);
  return [{ type: 'DataExported', data: { userId, kind, format, childId, from, to, exportedAt } }];
}

export const dataExportDecider: Decider<DataExportCommand, DataExportEvent, DataExportState> = {
  decide: decideDataExport,
  evolve: evolveDataExport,
  initialState: initialDataExportState,
};
