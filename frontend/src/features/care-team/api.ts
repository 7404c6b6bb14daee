import type {
  AcceptedInvitation,
  CaregiverAccess,
  CaregiverInvitation,
  CaregiverInvitationInput,
  CaregiverInvitationWithLink,
  CareTeamCaregiver,
  InvitationInvitee,
} from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

const TEAM = { type: 'CareTeam', id: 'LIST' } as const;

/** The care team: invitations and the secondary caregivers of my recipients (DESIGN.md, docs/care-team.md). */
export const careTeamApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/caregiver-invitations/{token}/accept: no body; a failure's `message` is shown as is. */
    acceptInvitation: build.mutation<AcceptedInvitation, string>({
      query: (token) => ({ url: `caregiver-invitations/${encodeURIComponent(token)}/accept`, method: 'POST' }),
      // The user's role and the recipients they see change.
      invalidatesTags: [{ type: 'Child', id: 'LIST' }, 'User'],
    }),
    /** GET /api/caregiver-invitations/{token}/invitee (public): whom a pending link invites; 404 for any other link. */
    getInvitationInvitee: build.query<InvitationInvitee, string>({
      query: (token) => `caregiver-invitations/${encodeURIComponent(token)}/invitee`,
    }),
    getCaregivers: build.query<CareTeamCaregiver[], void>({
      query: () => 'caregivers',
      providesTags: [TEAM],
    }),
    getInvitations: build.query<CaregiverInvitation[], void>({
      query: () => 'caregiver-invitations',
      providesTags: [TEAM],
    }),
    inviteCaregiver: build.mutation<CaregiverInvitationWithLink, CaregiverInvitationInput>({
      query: (body) => ({ url: 'caregiver-invitations', method: 'POST', body }),
      invalidatesTags: [TEAM],
    }),
    /** A fresh link for an invitation (the old one stops working): the only way to see a link again. */
    renewInvitationLink: build.mutation<CaregiverInvitationWithLink, string>({
      query: (id) => ({ url: `caregiver-invitations/${encodeURIComponent(id)}/link`, method: 'POST' }),
      invalidatesTags: [TEAM],
    }),
    revokeInvitation: build.mutation<void, string>({
      query: (id) => ({ url: `caregiver-invitations/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [TEAM],
    }),
    changeCaregiverAccess: build.mutation<CaregiverAccess, { childId: string; userId: string; canEdit: boolean }>({
      query: ({ childId, userId, canEdit }) => ({
        url: `children/${encodeURIComponent(childId)}/caregivers/${encodeURIComponent(userId)}`,
        method: 'PATCH',
        body: { canEdit },
      }),
      invalidatesTags: [TEAM],
    }),
    removeCaregiver: build.mutation<void, { childId: string; userId: string }>({
      query: ({ childId, userId }) => ({
        url: `children/${encodeURIComponent(childId)}/caregivers/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: [TEAM],
    }),
  }),
});

export const {
  useAcceptInvitationMutation,
  useGetInvitationInviteeQuery,
  useGetCaregiversQuery,
  useGetInvitationsQuery,
  useInviteCaregiverMutation,
  useRenewInvitationLinkMutation,
  useRevokeInvitationMutation,
  useChangeCaregiverAccessMutation,
  useRemoveCaregiverMutation,
} = careTeamApi;
