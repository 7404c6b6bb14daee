import type { CalendarFeedLink, CalendarStatus, CalendarSyncResult, UpcomingAppointmentsAnswer } from '@carecircle/libs';
import { baseApi } from '../../../app/base-api';

/**
 * External calendar (spec document 2, section 7; docs/calendar.md). The status says whether a
 * calendar can be connected on this server (connect and sync answer 503 with the reason while it
 * cannot) and whether an iCal feed link exists; the link itself is shown only when made.
 */
export const calendarApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCalendarStatus: build.query<CalendarStatus, void>({
      query: () => 'calendar/status',
      providesTags: ['Calendar'],
    }),
    /** GET /api/calendar/auth: where to send the browser to connect the calendar. */
    getCalendarAuth: build.query<{ authUrl: string }, void>({
      query: () => 'calendar/auth',
    }),
    /** POST /api/calendar/sync; the calendar's tasks are refreshed afterwards. */
    syncCalendar: build.mutation<CalendarSyncResult, void>({
      query: () => ({ url: 'calendar/sync', method: 'POST', body: {} }),
      invalidatesTags: (_result, error) => (error ? [] : ['Task', 'Calendar']),
    }),
    /** DELETE /api/calendar/google: the grant revoked at Google, the tokens forgotten. */
    disconnectGoogle: build.mutation<void, void>({
      query: () => ({ url: 'calendar/google', method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Calendar']),
    }),
    /** POST /api/calendar/feed-token: a new secret feed URL; the old one stops working. */
    createFeedLink: build.mutation<CalendarFeedLink, { includeMedications: boolean }>({
      query: (body) => ({ url: 'calendar/feed-token', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Calendar']),
    }),
    /** DELETE /api/calendar/feed-token: the feed URL stops working. */
    revokeFeedLink: build.mutation<void, void>({
      query: () => ({ url: 'calendar/feed-token', method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Calendar']),
    }),
    /** GET /api/calendar/upcoming?from: 7 days of pending appointments of every recipient, the first 5 and the total. */
    getUpcomingAppointments: build.query<UpcomingAppointmentsAnswer, { from: string }>({
      query: ({ from }) => `calendar/upcoming?from=${from}`,
      providesTags: ['Task'],
    }),
  }),
});

export const {
  useGetCalendarStatusQuery,
  useLazyGetCalendarAuthQuery,
  useSyncCalendarMutation,
  useDisconnectGoogleMutation,
  useCreateFeedLinkMutation,
  useRevokeFeedLinkMutation,
  useGetUpcomingAppointmentsQuery,
} = calendarApi;
