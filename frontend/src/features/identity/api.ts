import type { AuditEntry, LoginRequest, RegisterRequest, UpdateTimezoneRequest, User } from '@carecircle/libs';
import { baseApi, CURRENT_USER_ENDPOINT } from '../../app/base-api';

export const identityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    [CURRENT_USER_ENDPOINT]: build.query<User, void>({
      query: () => 'auth/user',
      providesTags: ['User'],
    }),
    login: build.mutation<User, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      invalidatesTags: ['Child', 'Medication'],
    }),
    register: build.mutation<User, RegisterRequest>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
      invalidatesTags: ['Child', 'Medication'],
    }),
    getMyAudit: build.query<{ entries: AuditEntry[]; next: string | null }, string | undefined>({
      query: (cursor) => ({ url: 'user/audit', params: cursor ? { cursor } : undefined }),
      providesTags: ['User'],
    }),
    updateTimezone: build.mutation<User, UpdateTimezoneRequest>({
      query: (body) => ({ url: 'user/timezone', method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
    /** Erases the account and the recipients it owns; the session ends with it. */
    deleteAccount: build.mutation<void, { password: string }>({
      query: (body) => ({ url: 'user', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useGetMyAuditQuery,
  useLoginMutation,
  useRegisterMutation,
  useUpdateTimezoneMutation,
  useDeleteAccountMutation,
} =
  identityApi;
