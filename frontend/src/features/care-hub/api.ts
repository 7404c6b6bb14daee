import type {
  CareHubFamily,
  Child,
  Doctor,
  DoctorInput,
  EmergencyContact,
  EmergencyContactInput,
  FamilySupportInput,
  FamilySupportResource,
} from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

/**
 * Care Hub endpoints (spec document 3, section 7). Tags:
 * - `{type: 'EmergencyContact', id: 'LIST'}`: the user's contact list (every family they see);
 * - `{type: 'Doctor', id: childId}` and `{type: 'FamilySupport', id: childId}`: one recipient's directory;
 * - `{type: 'Child', id: 'LIST'}`: the recipient list (shared with the care-recipients feature, which
 *   invalidates it when a recipient is added or removed) and the families, which follow from it.
 * A delete and its Undo (restore) invalidate the same list as an add.
 */
const CONTACT_LIST = { type: 'EmergencyContact', id: 'LIST' } as const;
const CHILD_LIST = { type: 'Child', id: 'LIST' } as const;
const doctorsOf = (childId: string) => [{ type: 'Doctor' as const, id: childId }];
const supportOf = (childId: string) => [{ type: 'FamilySupport' as const, id: childId }];

const enc = encodeURIComponent;

export const careHubApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/children, under its own name here: the care-recipients feature is not imported. */
    getCareHubRecipients: build.query<Child[], void>({
      query: () => 'children',
      providesTags: (children) => [CHILD_LIST, ...(children ?? []).map((child) => ({ type: 'Child' as const, id: child.id }))],
    }),
    /** GET /api/care-hub/families: the user's own family first, then those who share a recipient with them. */
    getCareHubFamilies: build.query<CareHubFamily[], void>({
      query: () => 'care-hub/families',
      providesTags: [CHILD_LIST],
    }),

    getEmergencyContacts: build.query<EmergencyContact[], void>({
      query: () => 'emergency-contacts',
      providesTags: [CONTACT_LIST],
    }),
    addEmergencyContact: build.mutation<EmergencyContact, EmergencyContactInput>({
      query: (body) => ({ url: 'emergency-contacts', method: 'POST', body }),
      invalidatesTags: [CONTACT_LIST],
    }),
    updateEmergencyContact: build.mutation<EmergencyContact, { id: string; input: EmergencyContactInput }>({
      query: ({ id, input }) => ({ url: `emergency-contacts/${enc(id)}`, method: 'PUT', body: input }),
      invalidatesTags: [CONTACT_LIST],
    }),
    deleteEmergencyContact: build.mutation<void, string>({
      query: (id) => ({ url: `emergency-contacts/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: [CONTACT_LIST],
    }),
    restoreEmergencyContact: build.mutation<EmergencyContact, string>({
      query: (id) => ({ url: `emergency-contacts/${enc(id)}/restore`, method: 'POST' }),
      invalidatesTags: [CONTACT_LIST],
    }),

    getDoctors: build.query<Doctor[], string>({
      query: (childId) => `children/${enc(childId)}/doctors`,
      providesTags: (_result, _error, childId) => doctorsOf(childId),
    }),
    addDoctor: build.mutation<Doctor, { childId: string; input: DoctorInput }>({
      query: ({ childId, input }) => ({ url: `children/${enc(childId)}/doctors`, method: 'POST', body: { ...input, childId } }),
      invalidatesTags: (_result, _error, { childId }) => doctorsOf(childId),
    }),
    updateDoctor: build.mutation<Doctor, { id: string; childId: string; input: DoctorInput }>({
      query: ({ id, childId, input }) => ({ url: `doctors/${enc(id)}`, method: 'PUT', body: { ...input, childId } }),
      invalidatesTags: (_result, _error, { childId }) => doctorsOf(childId),
    }),
    deleteDoctor: build.mutation<void, { id: string; childId: string }>({
      query: ({ id }) => ({ url: `doctors/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { childId }) => doctorsOf(childId),
    }),
    restoreDoctor: build.mutation<Doctor, { id: string; childId: string }>({
      query: ({ id }) => ({ url: `doctors/${enc(id)}/restore`, method: 'POST' }),
      invalidatesTags: (_result, _error, { childId }) => doctorsOf(childId),
    }),

    getFamilySupport: build.query<FamilySupportResource[], string>({
      query: (childId) => `children/${enc(childId)}/family-support`,
      providesTags: (_result, _error, childId) => supportOf(childId),
    }),
    addFamilySupport: build.mutation<FamilySupportResource, { childId: string; input: FamilySupportInput }>({
      query: ({ childId, input }) => ({
        url: `children/${enc(childId)}/family-support`,
        method: 'POST',
        body: { ...input, childId },
      }),
      invalidatesTags: (_result, _error, { childId }) => supportOf(childId),
    }),
    updateFamilySupport: build.mutation<FamilySupportResource, { id: string; childId: string; input: FamilySupportInput }>({
      query: ({ id, childId, input }) => ({ url: `family-support/${enc(id)}`, method: 'PUT', body: { ...input, childId } }),
      invalidatesTags: (_result, _error, { childId }) => supportOf(childId),
    }),
    deleteFamilySupport: build.mutation<void, { id: string; childId: string }>({
      query: ({ id }) => ({ url: `family-support/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { childId }) => supportOf(childId),
    }),
    restoreFamilySupport: build.mutation<FamilySupportResource, { id: string; childId: string }>({
      query: ({ id }) => ({ url: `family-support/${enc(id)}/restore`, method: 'POST' }),
      invalidatesTags: (_result, _error, { childId }) => supportOf(childId),
    }),
  }),
});

export const {
  useGetCareHubRecipientsQuery,
  useGetCareHubFamiliesQuery,
  useGetEmergencyContactsQuery,
  useAddEmergencyContactMutation,
  useUpdateEmergencyContactMutation,
  useDeleteEmergencyContactMutation,
  useRestoreEmergencyContactMutation,
  useGetDoctorsQuery,
  useAddDoctorMutation,
  useUpdateDoctorMutation,
  useDeleteDoctorMutation,
  useRestoreDoctorMutation,
  useGetFamilySupportQuery,
  useAddFamilySupportMutation,
  useUpdateFamilySupportMutation,
  useDeleteFamilySupportMutation,
  useRestoreFamilySupportMutation,
} = careHubApi;
