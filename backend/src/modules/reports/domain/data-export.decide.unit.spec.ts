import { REPORT_TEXT, TASK_MESSAGES, VALIDATION_MESSAGES } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { DataExportEvent } from './data-export';
import { dataExportDecider, type DataExportCommand } from './data-export.decide';

const at = '2026-11-28T09:00:00.000Z';
const userId = '00000000-0000-4000-8000-00000000000a';
const childId = '00000000-0000-4000-8000-000000000001';
const spec = deciderSpec(dataExportDecider);
const record = (data: Omit<DataExportCommand['data'], 'userId'>): DataExportCommand => ({ type: 'RecordExport', data: { userId, ...data }, metadata: { actorId: userId, correlationId: 'c1', occurredAt: at } });
const earlier: DataExportEvent = { type: 'DataExported', data: { userId, kind: 'everything', format: 'json', childId: null, from: null, to: null, exportedAt: '2026-11-01T08:00:00.000Z' } };

describe('recording an export', () => {
  it('everything: one DataExported with the time of the command and no recipient or range (a second export is recorded again)', () => {
    spec.given([earlier]).when(record({ kind: 'everything', format: 'json', childId, from: '2026-11-01', to: '2026-11-02' })).then([
      { type: 'DataExported', data: { userId, kind: 'everything', format: 'json', childId: null, from: null, to: null, exportedAt: at } },
    ]);
  });

  it("a recipient's history or adherence: with its recipient and range, both ends included", () => {
    spec.given([]).when(record({ kind: 'adherence', format: 'csv', childId, from: '2026-10-01', to: '2026-12-01' })).then([
      { type: 'DataExported', data: { userId, kind: 'adherence', format: 'csv', childId, from: '2026-10-01', to: '2026-12-01', exportedAt: at } },
    ]);
    spec.given([]).when(record({ kind: 'task_history', format: 'csv', childId, from: '2026-11-28', to: '2026-11-28' })).then([
      { type: 'DataExported', data: { userId, kind: 'task_history', format: 'csv', childId, from: '2026-11-28', to: '2026-11-28', exportedAt: at } },
    ]);
  });

  it('refuses a report without a recipient or either end, naming the field', () => {
    spec.given([]).when(record({ kind: 'adherence', format: 'json', from: '2026-11-01', to: '2026-11-02' })).thenThrows('REPORTS.INVALID', 'Choose a care recipient for the report.');
    spec.given([]).when(record({ kind: 'adherence', format: 'json', childId, to: '2026-11-02' })).thenThrows('REPORTS.INVALID', REPORT_TEXT.fromRequired);
    spec.given([]).when(record({ kind: 'task_history', format: 'csv', childId, from: '2026-11-01', to: '' })).thenThrows('REPORTS.INVALID', REPORT_TEXT.toRequired);
  });

  it('refuses dates that are not real, out of 1900..2100, backwards, or a range over 62 days', () => {
    const when = (from: string, to: string) => spec.given([]).when(record({ kind: 'adherence', format: 'json', childId, from, to }));
    when('2026-02-30', '2026-03-01').thenThrows('REPORTS.INVALID', TASK_MESSAGES.invalidDate);
    when('1899-12-31', '1900-01-01').thenThrows('REPORTS.INVALID', VALIDATION_MESSAGES.dateRange);
    when('2100-12-31', '2101-01-01').thenThrows('REPORTS.INVALID', VALIDATION_MESSAGES.dateRange);
    when('2026-11-02', '2026-11-01').thenThrows('REPORTS.INVALID', VALIDATION_MESSAGES.rangeBackwards);
    when('2026-10-01', '2026-12-02').thenThrows('REPORTS.INVALID', VALIDATION_MESSAGES.rangeTooLong);
  });
});
