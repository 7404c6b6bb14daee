import type { UpdateProfileRequest, User } from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

/**
 * The Profile tab's own call. Its time zone goes through PATCH /api/user/timezone, which the timezone
 * sync calls too (declared once, in app/base-api.ts).
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** PATCH /api/user/profile: first and last name; answers the user, and the current user is fetched again. */
    updateProfile: build.mutation<User, UpdateProfileRequest>({
      query: (body) => ({ url: 'user/profile', method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useUpdateProfileMutation } = api;
