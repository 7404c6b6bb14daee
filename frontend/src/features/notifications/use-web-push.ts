import { useCallback, useEffect, useState } from 'react';
import { useLazyGetVapidKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation } from './push-api';
import { currentRegistration, currentSubscription, supported } from './push-browser';

export const SERVICE_WORKER_URL = '/sw.js';
const NOTIFICATION_ICON = '/notification-icon.png';

/** The card's four states (spec document 3, Push notification card). `loading` until the browser has answered. */
export type PushStatus = 'loading' | 'unsupported' | 'blocked' | 'disabled' | 'enabled';

export type EnableOutcome = 'enabled' | 'denied';

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * The browser side of web push (spec document 3, section 4, Push notification): Enable asks for
 * permission; if granted it registers /sw.js when needed, reuses an existing subscription (one made
 * with another server key is replaced) or subscribes with the VAPID key, registers it with the
 * server and shows a local confirmation notification. Disable unsubscribes in the browser and tells
 * the server.
 */
export function useWebPush() {
  const [status, setStatus] = useState<PushStatus>('loading');
  const [getVapidKey] = useLazyGetVapidKeyQuery();
  const [subscribe] = useSubscribePushMutation();
  const [unsubscribe] = useUnsubscribePushMutation();

  const refresh = useCallback(async () => {
    if (!supported()) return setStatus('unsupported');
    if (Notification.permission === 'denied') return setStatus('blocked');
    const subscription = Notification.permission === 'granted' ? await currentSubscription().catch(() => null) : null;
    setStatus(subscription ? 'enabled' : 'disabled');
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const enable = useCallback(async (): Promise<EnableOutcome> => {
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission !== 'granted') {
      setStatus(permission === 'denied' ? 'blocked' : 'disabled');
      return 'denied';
    }
    if (!(await currentRegistration())) await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    const registration = await navigator.serviceWorker.ready;
    const serverKey = keyBytes((await getVapidKey().unwrap()).publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
    const json = subscription.toJSON();
    // A DOMHighResTimeStamp may carry fractions; the server takes whole milliseconds.
    await subscribe({ ...json, expirationTime: json.expirationTime == null ? null : Math.round(json.expirationTime) }).unwrap();
    await registration.showNotification('Notifications Enabled', {
      body: 'You will get care reminders and alerts on this device.',
      icon: NOTIFICATION_ICON,
      tag: 'carecircle-enabled',
    });
    setStatus('enabled');
    return 'enabled';
  }, [getVapidKey, subscribe]);

  const disable = useCallback(async (): Promise<void> => {
    const subscription = await currentSubscription();
    if (subscription) {
      const json = subscription.toJSON();
      await subscription.unsubscribe();
      await unsubscribe(json).unwrap();
    }
    setStatus('disabled');
  }, [unsubscribe]);

  return { status, enable, disable };
}
