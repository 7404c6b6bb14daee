import type { BillingOverview, BillingPlan, BillingSubscription, CreateSubscriptionAnswer } from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

/** Billing's calls (docs/billing.md): the overview, Subscribe, Update Plan and Manage Billing. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/billing: whether billing is configured here, Stripe.js's publishable key, the user's subscription. */
    getBilling: build.query<BillingOverview, void>({
      query: () => 'billing',
      providesTags: ['Billing'],
    }),
    /** POST /api/create-subscription (spec section 7): the secret the Payment Element confirms. */
    createSubscription: build.mutation<CreateSubscriptionAnswer, { plan: BillingPlan; childCount: number }>({
      query: (body) => ({ url: 'create-subscription', method: 'POST', body }),
      invalidatesTags: ['Billing'],
    }),
    /** PUT /api/billing/plan: Update Plan, prorated by Stripe. */
    changePlan: build.mutation<BillingSubscription | null, { plan: BillingPlan }>({
      query: (body) => ({ url: 'billing/plan', method: 'PUT', body }),
      invalidatesTags: ['Billing', 'User'],
    }),
    /** POST /api/billing/portal: Manage Billing, Stripe's customer portal. */
    openBillingPortal: build.mutation<{ url: string }, void>({
      query: () => ({ url: 'billing/portal', method: 'POST' }),
    }),
  }),
});

export const { useGetBillingQuery, useCreateSubscriptionMutation, useChangePlanMutation, useOpenBillingPortalMutation } = api;
