import type { DataExportFormat, DataExportKind } from '@carecircle/libs';

/**
 * A user took their data out (DESIGN.md, Privacy: exports are security events): stream
 * `data-exports-{userId}`. The audit log shows it to the account and to super admins. It holds
 * ids, dates and the kind only: nothing personal, so nothing to encrypt.
 */
export type DataExportEvent = {
  type: 'DataExported';
  data: { userId: string; kind: DataExportKind; format: DataExportFormat; childId: string | null; from: string | null; to: string | null; exportedAt: string };
};

export const dataExportStream = (userId: string) => `data-exports-${userId}`;

/** Exports recorded so far: the stream's state (it only grows; nothing refuses an export once allowed). */
export interface DataExportState {
  exports: number;
}

export const initialDataExportState = (): DataExportState => ({ exports: 0 });

export const evolveDataExport = (state: DataExportState, event: DataExportEvent): DataExportState => {
  switch (event.type) {
    case 'DataExported':
      return { exports: state.exports + 1 };
    default: {
      const never: never = event.type;
      return never;
    }
  }
};
