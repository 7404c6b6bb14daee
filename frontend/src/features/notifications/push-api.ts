import { baseApi } from '../../app/base-api';

/** The browser's PushSubscription as JSON (`subscription.toJSON()`). */
export type BrowserPushSubscription = PushSubscriptionJSON;

/** Web push (spec document 3, Push; docs/notifications.md). */
export const pushApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getVapidKey: build.query<{ publicKey: string }, void>({ query: () => 'notifications/vapid-key' }),
    subscribePush: build.mutation<{ id: string }, BrowserPushSubscription>({
      query: (subscription) => ({ url: 'notifications/subscribe', method: 'POST', body: subscription }),
    }),
    unsubscribePush: build.mutation<void, BrowserPushSubscription>({
      query: (subscription) => ({ url: 'notifications/unsubscribe', method: 'POST', body: subscription }),
    }),
    sendTestPush: build.mutation<{ sent: number }, void>({
      query: () => ({ url: 'notifications/test-with-image', method: 'POST' }),
    }),
  }),
});

export const { useLazyGetVapidKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation, useSendTestPushMutation } = pushApi;
