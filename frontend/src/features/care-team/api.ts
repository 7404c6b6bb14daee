import { baseApi } from '../../app/base-api';

export interface AcceptedInvitation {
  message: string;
  childIds: string[];
}

/** The care team: invitations and the secondary caregivers of my recipients (DESIGN.md, API contract). */
export const careTeamApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/caregiver-invitations/{token}/accept: no body; a failure's `message` is shown as is. */
    acceptInvitation: build.mutation<AcceptedInvitation, string>({
      query: (token) => ({ url: `caregiver-invitations/${encodeURIComponent(token)}/accept`, method: 'POST' }),
      // The user's role and the recipients they see change.
      invalidatesTags: [{ type: 'Child', id: 'LIST' }, 'User'],
    }),
  }),
});

export const { useAcceptInvitationMutation } = careTeamApi;
