import type { AppNotification, EscalationPolicy, NotificationPreferences, Page, Task } from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

const enc = encodeURIComponent;

/** Unread notifications the bell reads: it counts them, and shows "99+" past 99 or when more follow. */
export const BELL_UNREAD_LIMIT = 100;

/** Which preferences PUT was sent last: an earlier answer arriving late must not undo a later change on screen. */
let latestPreferencesPut = 0;

/**
 * The notification centre (docs/notifications.md, "Notification centre"): the bell's unread list and
 * the whole list, both tagged 'Notification' (live updates make it stale on every signed-in screen);
 * reading and acknowledging change it, so they invalidate it.
 *
 * Notification settings (docs/notifications.md, "Preferences and escalation policy"): the user's
 * own preferences and the family's escalation policy. Each PUT answers the stored value, which
 * replaces the cached one; the preferences change optimistically (a checkbox answers at once) and
 * go back if the server refuses.
 */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['NotificationPreferences', 'EscalationPolicy'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/notifications?unread=true: what the bell counts (one page; `next` says there are more). */
    getUnreadNotifications: build.query<Page<AppNotification>, void>({
      query: () => `notifications?unread=true&limit=${BELL_UNREAD_LIMIT}`,
      providesTags: ['Notification'],
    }),
    /** GET /api/notifications, newest first, a page at a time ("Load more" fetches the next by its cursor). */
    getNotificationList: build.infiniteQuery<Page<AppNotification>, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      query: ({ pageParam }) => `notifications${pageParam ? `?cursor=${enc(pageParam)}` : ''}`,
      providesTags: ['Notification'],
    }),
    readNotification: build.mutation<void, string>({
      query: (id) => ({ url: `notifications/${enc(id)}/read`, method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
    readAllNotifications: build.mutation<void, void>({
      query: () => ({ url: 'notifications/read-all', method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
    /** Stops the escalation of an alert about a task. */
    acknowledgeNotification: build.mutation<void, string>({
      query: (id) => ({ url: `notifications/${enc(id)}/acknowledge`, method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
    /** GET /api/tasks/{id}: the task a notification or a push message links to (`taskPath`); 404 when removed or not shared. */
    getTask: build.query<Task, string>({
      query: (taskId) => `tasks/${enc(taskId)}`,
      providesTags: (_result, _error, taskId) => [{ type: 'Task', id: taskId }],
    }),
    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => 'user/notification-preferences',
      providesTags: ['NotificationPreferences'],
    }),
    putNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferences>({
      query: (body) => ({ url: 'user/notification-preferences', method: 'PUT', body }),
      async onQueryStarted(preferences, { dispatch, queryFulfilled }) {
        const sent = ++latestPreferencesPut;
        const patch = dispatch(api.util.updateQueryData('getNotificationPreferences', undefined, () => preferences));
        try {
          const { data } = await queryFulfilled;
          if (sent === latestPreferencesPut) dispatch(api.util.upsertQueryData('getNotificationPreferences', undefined, data));
        } catch {
          if (sent === latestPreferencesPut) patch.undo();
          else dispatch(api.util.invalidateTags(['NotificationPreferences']));
        }
      },
    }),
    /** A secondary caregiver gets their primary caregiver's policy (read-only). */
    getEscalationPolicy: build.query<EscalationPolicy, void>({
      query: () => 'user/escalation-policy',
      providesTags: ['EscalationPolicy'],
    }),
    putEscalationPolicy: build.mutation<EscalationPolicy, EscalationPolicy>({
      query: (body) => ({ url: 'user/escalation-policy', method: 'PUT', body }),
      async onQueryStarted(_policy, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(api.util.upsertQueryData('getEscalationPolicy', undefined, data));
        } catch {
          // The editor keeps the draft and says why.
        }
      },
    }),
  }),
});

export const {
  useGetUnreadNotificationsQuery,
  useGetNotificationListInfiniteQuery,
  useReadNotificationMutation,
  useReadAllNotificationsMutation,
  useAcknowledgeNotificationMutation,
  useGetTaskQuery,
  useGetNotificationPreferencesQuery,
  usePutNotificationPreferencesMutation,
  useGetEscalationPolicyQuery,
  usePutEscalationPolicyMutation,
} = api;
