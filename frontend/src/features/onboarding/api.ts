import type { Child } from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

/** POST /api/caregiver-invitations answer: the link is there to share by hand when no mail was sent. */
export interface CreatedInvitation {
  id: string;
  inviteeEmail: string;
  acceptUrl: string;
  emailSent: boolean;
}

/** One call of Complete Setup with the key that makes a retry replay it (docs/http.md, Idempotency-Key). */
interface OnboardingCall<Body> {
  idempotencyKey: string;
  body: Body;
}

const keyed = <Body>(url: string, { idempotencyKey, body }: OnboardingCall<Body>) => ({
  url,
  method: 'POST',
  body,
  headers: { 'Idempotency-Key': idempotencyKey },
});

/** The onboarding wizard's calls (spec document 2, section 7), each sent with its own stable key. */
export const onboardingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    onboardingAddRecipient: build.mutation<Child, OnboardingCall<object>>({
      query: (call) => keyed('children', call),
      invalidatesTags: [{ type: 'Child', id: 'LIST' }],
    }),
    onboardingAddTemplate: build.mutation<unknown, OnboardingCall<object> & { childId: string }>({
      query: ({ childId, ...call }) => keyed(`children/${encodeURIComponent(childId)}/task-templates`, call),
      // A medication template adds the recipient's medication (the Medications card, Quick Add's picker).
      invalidatesTags: (_result, _error, { childId }) => [
        { type: 'Task', id: childId },
        { type: 'Progress', id: childId },
        { type: 'RepeatingTask', id: childId },
        { type: 'Medication', id: childId },
      ],
    }),
    onboardingAddRepeatingTask: build.mutation<unknown, OnboardingCall<object> & { childId: string }>({
      query: ({ childId, ...call }) => keyed('repeating-tasks', { ...call, body: { ...call.body, childId } }),
      invalidatesTags: (_result, _error, { childId }) => [
        { type: 'Task', id: childId },
        { type: 'Progress', id: childId },
        { type: 'RepeatingTask', id: childId },
      ],
    }),
    onboardingInvite: build.mutation<CreatedInvitation, OnboardingCall<object>>({
      query: (call) => keyed('caregiver-invitations', call),
    }),
    onboardingAddContact: build.mutation<unknown, OnboardingCall<object>>({
      query: (call) => keyed('emergency-contacts', call),
      invalidatesTags: [{ type: 'EmergencyContact', id: 'LIST' }],
    }),
  }),
});

export const {
  useOnboardingAddRecipientMutation,
  useOnboardingAddTemplateMutation,
  useOnboardingAddRepeatingTaskMutation,
  useOnboardingInviteMutation,
  useOnboardingAddContactMutation,
} = onboardingApi;
