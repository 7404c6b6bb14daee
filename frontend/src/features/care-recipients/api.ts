import type { Child, ChildInput, Medication, MedicationInput, RefillInput } from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

const CHILD_LIST = { type: 'Child', id: 'LIST' } as const;

/** The recipient list itself (GET /api/children) is read by several features: base-api.ts declares it. */

export const careRecipientsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    addChild: build.mutation<Child, ChildInput>({
      query: (body) => ({ url: 'children', method: 'POST', body }),
      invalidatesTags: [CHILD_LIST],
    }),
    updateChild: build.mutation<Child, { id: string; input: ChildInput }>({
      query: ({ id, input }) => ({ url: `children/${encodeURIComponent(id)}`, method: 'PUT', body: input }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Child', id }],
    }),
    deleteChild: build.mutation<void, string>({
      query: (id) => ({ url: `children/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [CHILD_LIST, { type: 'Medication', id }],
    }),

    getMedications: build.query<Medication[], string>({
      query: (childId) => `children/${encodeURIComponent(childId)}/medications`,
      providesTags: (_result, _error, childId) => [{ type: 'Medication', id: childId }],
    }),
    addMedication: build.mutation<Medication, { childId: string; input: MedicationInput }>({
      query: ({ childId, input }) => ({
        url: `children/${encodeURIComponent(childId)}/medications`,
        method: 'POST',
        body: input,
      }),
      invalidatesTags: (_result, _error, { childId }) => [{ type: 'Medication', id: childId }],
    }),
    /** POST /api/medications/{id}/refill: answers the medication with its new stock. */
    refillMedication: build.mutation<Medication, { medication: Medication; input: RefillInput }>({
      query: ({ medication, input }) => ({ url: `medications/${encodeURIComponent(medication.id)}/refill`, method: 'POST', body: input }),
      invalidatesTags: (_result, _error, { medication }) => [{ type: 'Medication', id: medication.childId }],
    }),
    updateMedication: build.mutation<Medication, { childId: string; id: string; input: Partial<MedicationInput> }>({
      query: ({ childId, id, input }) => ({
        url: `children/${encodeURIComponent(childId)}/medications/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: input,
      }),
      invalidatesTags: (_result, _error, { childId }) => [{ type: 'Medication', id: childId }],
    }),
    deleteMedication: build.mutation<void, { childId: string; id: string }>({
      query: ({ childId, id }) => ({
        url: `children/${encodeURIComponent(childId)}/medications/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { childId }) => [{ type: 'Medication', id: childId }],
    }),
  }),
});

export const {
  useAddChildMutation,
  useUpdateChildMutation,
  useDeleteChildMutation,
  useGetMedicationsQuery,
  useLazyGetMedicationsQuery,
  useAddMedicationMutation,
  useUpdateMedicationMutation,
  useRefillMedicationMutation,
  useDeleteMedicationMutation,
} = careRecipientsApi;
