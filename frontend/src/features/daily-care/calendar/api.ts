import { baseApi } from '../../../app/base-api';

/**
 * External calendar (spec document 2, section 7). The server answers 404 while no calendar
 * integration is configured; the page says so rather than pretending to sync.
 */
export const calendarApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetCalendarAuthQuery, useSyncCalendarMutation } = calendarApi;
