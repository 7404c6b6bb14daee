/**
 * A user's web push subscriptions (docs/notifications.md, Push): one stream per user,
 * `push-subscriptions-{userId}`. A subscription is the browser's PushSubscription: the push
 * service's endpoint (a URL the server calls) and the browser's keys (p256dh, auth) that encrypt
 * what is sent. Endpoint and keys are personal (they reach that person's device): encrypted with the
 * user's key (push.personal-data.ts).
 */
export interface PushSubscriptionDetails {
  endpoint: string;
  /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
  p256dh: string;
  /** The browser's auth secret, base64url (16 bytes). */
  auth: string;
  /** When the browser says the subscription ends (ISO 8601), or null. */
  expirationTime: string | null;
}

type Ids = { userId: string; subscriptionId: string };

/** Why a subscription ended: the user's Disable, a newer one over the cap, or the push service's 404/410. */
export type PushUnsubscribeReason = 'user' | 'replaced';

export type PushSubscriptionEvent =
  /** A new subscription, or the same endpoint with new keys (the browser subscribed again). */
  | { type: 'PushSubscribed'; data: Ids & PushSubscriptionDetails & { subscribedAt: string } }
  | { type: 'PushUnsubscribed'; data: Ids & { reason: PushUnsubscribeReason; unsubscribedAt: string } }
  /** The push service answered 404 or 410: the browser's subscription is gone. */
  | { type: 'PushSubscriptionExpired'; data: Ids & { statusCode: number; expiredAt: string } };

export interface ActivePushSubscription extends PushSubscriptionDetails {
  subscribedAt: string;
}

export interface PushSubscriptionsState {
  /** Active subscriptions by id, in the order they were first subscribed. */
  active: Record<string, ActivePushSubscription>;
}

export const initialPushSubscriptionsState = (): PushSubscriptionsState => ({ active: {} });

export function evolvePushSubscriptions(state: PushSubscriptionsState, event: PushSubscriptionEvent): PushSubscriptionsState {
  const { subscriptionId } = event.data;
  switch (event.type) {
    case 'PushSubscribed': {
      const { endpoint, p256dh, auth, expirationTime } = event.data;
      const subscribedAt = state.active[subscriptionId]?.subscribedAt ?? event.data.subscribedAt;
      return { active: { ...state.active, [subscriptionId]: { endpoint, p256dh, auth, expirationTime, subscribedAt } } };
    }
    case 'PushUnsubscribed':
    case 'PushSubscriptionExpired': {
      const { [subscriptionId]: _ended, ...active } = state.active;
      return { active };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const pushSubscriptionsStream = (userId: string) => `push-subscriptions-${userId}`;
