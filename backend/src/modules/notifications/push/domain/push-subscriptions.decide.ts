import type { CommandMetadata, Decider } from '../../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../../platform/commands/domain-error';
import {
  evolvePushSubscriptions,
  initialPushSubscriptionsState,
  type PushSubscriptionDetails,
  type PushSubscriptionEvent,
  type PushSubscriptionsState,
} from './push-subscriptions';

/** Limits of what a subscription may hold (docs/notifications.md, Push). */
export const PUSH_LIMITS = {
  /** Browsers' endpoints are a few hundred characters; this leaves room and stays small. */
  endpointMaxLength: 2048,
  /** Subscriptions one user keeps (browsers and devices); a new one past this replaces the oldest. */
  subscriptionsPerUser: 10,
} as const;

export const PUSH_TEXT = {
  endpoint: 'endpoint must be an https:// URL of a push service',
  endpointTooLong: `endpoint must be at most ${PUSH_LIMITS.endpointMaxLength} characters`,
  p256dh: "keys.p256dh must be the browser's P-256 public key in base64url (65 bytes, uncompressed)",
  auth: "keys.auth must be the browser's auth secret in base64url (16 bytes)",
  expirationTime: 'expirationTime must be null or a time in milliseconds between 1900 and 2100',
} as const;

/** The browser's PushSubscription as JSON (`subscription.toJSON()`), as a request carries it. */
export interface PushSubscriptionInput {
  endpoint: unknown;
  expirationTime?: unknown;
  keys?: { p256dh?: unknown; auth?: unknown } | null;
}

type Command<Type extends string, Data> = { type: Type; userId: string; data: Data; metadata: CommandMetadata };
export type PushSubscriptionCommand =
  /** `subscriptionId` names the subscription when its endpoint is new; an endpoint already there keeps its id. */
  | Command<'SubscribePush', { subscriptionId: string; subscription: PushSubscriptionInput }>
  | Command<'UnsubscribePush', { endpoint: string }>
  | Command<'ExpirePushSubscription', { subscriptionId: string; statusCode: number }>;

const invalid = invalidInput('PUSH.INVALID');

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The bytes of base64url text (unpadded; trailing '=' tolerated), or null when it is not that. */
export function base64UrlBytes(text: string): number[] | null {
  const body = text.replace(/={1,2}$/, '');
  if (!BASE64URL.test(body) || body.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of body) {
    buffer = (buffer << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** expirationTime's range: milliseconds of 1900-01-01 to 2100-12-31. */
export const EXPIRATION_RANGE = { min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 11, 31, 23, 59, 59, 999) } as const;

/**
 * The subscription as the event carries it, or a 400 naming the field: an https endpoint within its
 * length, keys that decode to a P-256 point and a 16-byte secret (stored unpadded), an expiration
 * time in range. Whether the endpoint's host is a public address needs DNS: the handler checks it.
 */
export function readPushSubscription(input: PushSubscriptionInput): PushSubscriptionDetails {
  const { endpoint, expirationTime } = input;
  if (typeof endpoint !== 'string' || endpoint.length === 0) throw invalid('endpoint', PUSH_TEXT.endpoint);
  if (endpoint.length > PUSH_LIMITS.endpointMaxLength) throw invalid('endpoint', PUSH_TEXT.endpointTooLong);
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalid('endpoint', PUSH_TEXT.endpoint);
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '' || url.href !== endpoint) {
    throw invalid('endpoint', PUSH_TEXT.endpoint);
  }
  const keys = input.keys ?? {};
  const p256dh = typeof keys.p256dh === 'string' && keys.p256dh.length <= 100 ? base64UrlBytes(keys.p256dh) : null;
  if (p256dh === null || p256dh.length !== 65 || p256dh[0] !== 0x04) throw invalid('keys.p256dh', PUSH_TEXT.p256dh);
  const auth = typeof keys.auth === 'string' && keys.auth.length <= 30 ? base64UrlBytes(keys.auth) : null;
  if (auth === null || auth.length !== 16) throw invalid('keys.auth', PUSH_TEXT.auth);
  if (expirationTime !== undefined && expirationTime !== null) {
    if (typeof expirationTime !== 'number' || !Number.isFinite(expirationTime) || expirationTime < EXPIRATION_RANGE.min || expirationTime > EXPIRATION_RANGE.max) {
      throw invalid('expirationTime', PUSH_TEXT.expirationTime);
    }
  }
  return {
    endpoint,
    p256dh: (keys.p256dh as string).replace(/=+$/, ''),
    auth: (keys.auth as string).replace(/=+$/, ''),
    expirationTime: typeof expirationTime === 'number' ? new Date(Math.floor(expirationTime)).toISOString() : null,
  };
}

const sameDetails = (a: PushSubscriptionDetails, b: PushSubscriptionDetails) =>
  a.endpoint === b.endpoint && a.p256dh === b.p256dh && a.auth === b.auth && a.expirationTime === b.expirationTime;

/**
 * One user's subscriptions. The stream is the user's own, so another user who sends the same
 * endpoint gets a subscription of their own and can neither take over nor remove this one.
 * - Subscribe: a new endpoint is added; past the cap the oldest is replaced (a phone that was reset
 *   leaves a dead subscription behind, and the newest browser is the one the user holds); the same
 *   endpoint again with the same keys records nothing, with new keys it is subscribed again.
 * - Unsubscribe: the user's own subscription with that endpoint ends; none records nothing.
 * - Expire: the push service said 404 or 410; an ended subscription records nothing.
 */
export function decidePushSubscriptions(command: PushSubscriptionCommand, state: PushSubscriptionsState): PushSubscriptionEvent[] {
  const { userId } = command;
  const at = command.metadata.occurredAt;
  const idOf = (endpoint: string) => Object.entries(state.active).find(([, s]) => s.endpoint === endpoint)?.[0];
  switch (command.type) {
    case 'SubscribePush': {
      const details = readPushSubscription(command.data.subscription);
      const existing = idOf(details.endpoint);
      if (existing !== undefined) {
        if (sameDetails(state.active[existing], details)) return [];
        return [{ type: 'PushSubscribed', data: { userId, subscriptionId: existing, ...details, subscribedAt: at } }];
      }
      const ids = Object.keys(state.active);
      const replaced = ids.slice(0, Math.max(0, ids.length - PUSH_LIMITS.subscriptionsPerUser + 1));
      return [
        ...replaced.map((subscriptionId): PushSubscriptionEvent => ({ type: 'PushUnsubscribed', data: { userId, subscriptionId, reason: 'replaced', unsubscribedAt: at } })),
        { type: 'PushSubscribed', data: { userId, subscriptionId: command.data.subscriptionId, ...details, subscribedAt: at } },
      ];
    }
    case 'UnsubscribePush': {
      const subscriptionId = idOf(command.data.endpoint);
      if (subscriptionId === undefined) return [];
      return [{ type: 'PushUnsubscribed', data: { userId, subscriptionId, reason: 'user', unsubscribedAt: at } }];
    }
    case 'ExpirePushSubscription': {
      const { subscriptionId, statusCode } = command.data;
      if (statusCode !== 404 && statusCode !== 410) throw new DomainError('PUSH.NOT_EXPIRED', 'invalid', 'Only a 404 or 410 from the push service ends a subscription');
      if (!state.active[subscriptionId]) return [];
      return [{ type: 'PushSubscriptionExpired', data: { userId, subscriptionId, statusCode, expiredAt: at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const pushSubscriptionsDecider: Decider<PushSubscriptionCommand, PushSubscriptionEvent, PushSubscriptionsState> = {
  decide: decidePushSubscriptions,
  evolve: evolvePushSubscriptions,
  initialState: initialPushSubscriptionsState,
};
