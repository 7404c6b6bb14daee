// This browser's push subscription, without the API slice (Sign Out uses it outside the push card).

export const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This app's service worker registration, if there is one (the scope of /sw.js is the whole site). */
export async function currentRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await currentRegistration())?.pushManager.getSubscription()) ?? null;
}

/** How long Sign Out waits for the push subscription to end before it signs out anyway. */
const SIGN_OUT_PUSH_WAIT_MS = 2000;

/**
 * Before signing out: this browser stops receiving the caregiver's alerts (a shared or borrowed phone
 * must not show the next person the previous one's reminders). The server forgets the subscription
 * while the session still exists, then the browser drops it. Never holds up signing out for long.
 */
export async function endPushOnThisDevice(): Promise<void> {
  if (!supported()) return;
  const end = async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await fetch('/api/notifications/unsubscribe', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
    }).catch(() => undefined);
    await subscription.unsubscribe();
  };
  await Promise.race([end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_PUSH_WAIT_MS))]);
}
