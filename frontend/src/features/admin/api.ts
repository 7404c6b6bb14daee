import type { AdminRevenue, AdminStats, AdminSubscriptionChange, AdminUser, Page } from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

/** The admin dashboard's reads (super admins only; docs/admin.md). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/stats: users, active subscriptions, the month's revenue and the figures per plan. */
    getAdminStats: build.query<AdminStats, void>({ query: () => 'admin/stats', providesTags: ['AdminStats'] }),
    /** GET /api/admin/users: a page of users, newest first, matching `search` (email, first or last name). */
    getAdminUsers: build.query<Page<AdminUser>, { search: string; cursor: string | null }>({
      query: ({ search, cursor }) => ({ url: 'admin/users', params: { ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) } }),
      providesTags: ['AdminUsers'],
    }),
    /** GET /api/admin/revenue: active subscriptions and monthly revenue per day, with the range's conversion and churn. */
    getAdminRevenue: build.query<AdminRevenue, { from: string; to: string }>({
      query: (range) => ({ url: 'admin/revenue', params: range }),
      providesTags: ['AdminStats'],
    }),
    /** PUT /api/admin/users/{userId}/subscription (spec section 7): on success the users and the stats are read again. */
    setUserSubscription: build.mutation<void, { userId: string } & AdminSubscriptionChange>({
      query: ({ userId, ...body }) => ({ url: `admin/users/${userId}/subscription`, method: 'PUT', body }),
      invalidatesTags: ['AdminUsers', 'AdminStats'],
    }),
  }),
});

export const { useGetAdminStatsQuery, useGetAdminUsersQuery, useGetAdminRevenueQuery, useSetUserSubscriptionMutation } = api;
