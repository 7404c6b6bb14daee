import type { CalendarStatus } from '@carecircle/libs';
import { baseApi } from '../../../app/base-api';

/**
 * External calendar (spec document 2, section 7). The status says whether a calendar can be connected
 * on this server; connect and sync answer 503 with the reason while it cannot.
 */
export const calendarApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCalendarStatus: build.query<CalendarStatus, void>({
      query: () => 'calendar/status',
    }),
    /** GET /api/calendar/auth: where to send the browser to connect the calendar. */
    getCalendarAuth: build.query<{ authUrl: string }, void>({
      query: () => 'calendar/auth',
    }),
    /** POST /api/calendar/sync; the calendar's tasks are refreshed afterwards. */
    syncCalendar: build.mutation<unknown, void>({
      query: () => ({ url: 'calendar/sync', method: 'POST', body: {} }),
      invalidatesTags: (_result, error) => (error ? [] : ['Task']),
    }),
  }),
});

export const { useGetCalendarStatusQuery, useLazyGetCalendarAuthQuery, useSyncCalendarMutation } = calendarApi;
