import type { AdherenceReport } from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

/** A recipient's report over a range: the query string every report route takes. */
export const reportRange = ({ from, to }: { from: string; to: string }) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** Where each download is (plain links: the browser saves the attachment the server names). */
export const REPORT_LINKS = {
  export: '/api/user/export',
  adherenceCsv: (childId: string, range: { from: string; to: string }) => `/api/children/${childId}/adherence.csv?${reportRange(range)}`,
  historyCsv: (childId: string, range: { from: string; to: string }) => `/api/children/${childId}/history.csv?${reportRange(range)}`,
};

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/children/{childId}/adherence?from&to: per medication, doses by outcome. Not cached long: "missed" moves with the clock. */
    getAdherenceReport: build.query<AdherenceReport, { childId: string; from: string; to: string }>({
      query: ({ childId, ...range }) => `children/${childId}/adherence?${reportRange(range)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetAdherenceReportQuery } = api;
