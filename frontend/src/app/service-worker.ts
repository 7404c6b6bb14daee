/**
 * Registers the service worker /sw.js (spec document 3; docs/notifications.md, "Offline and
 * install"). Its install downloads the whole app shell, so it waits until the page has loaded and the
 * browser is idle: a first visit's own requests (Today's code and API reads) go first. Built app
 * only: the Vite dev server serves modules the worker must not cache. The browser tests run the built app.
 */
const IDLE_TIMEOUT_MS = 5000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
