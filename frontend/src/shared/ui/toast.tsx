import type { ThemeConfig } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToastHandle, ToastOptions } from './toast-options';

// antd's notification code (about 14 kB gzip) loads with the first toast, not with every page.
const ToastHolder = lazy(() => import('./toast-holder'));

let handle: ToastHandle | null = null;
const waiting: { options: ToastOptions; shown: () => void }[] = [];
let wakeHost: (() => void) | null = null;

/**
 * Shows a toast; callable from components and from non-React code such as the API layer. Resolves
 * once the toast is on screen: the first one waits for antd's notification code.
 */
export function toast(options: ToastOptions): Promise<void> {
  if (handle) {
    handle.show(options);
    return Promise.resolve();
  }
  return new Promise((shown) => {
    waiting.push({ options, shown });
    wakeHost?.();
  });
}

/**
 * Takes away the toast shown with this key, if it is still there (or still waiting to be shown): a
 * "required" message goes once the caregiver has given what it asked for.
 */
export function dismissToast(key: string): void {
  for (let i = waiting.length - 1; i >= 0; i -= 1) {
    if (waiting[i].options.key === key) waiting.splice(i, 1)[0].shown();
  }
  handle?.dismiss(key);
}

function register(registered: ToastHandle | null): void {
  handle = registered;
  if (registered)
    waiting.splice(0).forEach(({ options, shown }) => {
      registered.show(options);
      shown();
    });
}

/** Mount once near the root, with the app's theme for the toasts. */
export function ToastHost({ theme }: { theme: ThemeConfig }) {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    wakeHost = () => setNeeded(true);
    if (waiting.length > 0) setNeeded(true);
    return () => {
      wakeHost = null;
    };
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <ToastHolder theme={theme} register={register} />
    </Suspense>
  ) : null;
}
