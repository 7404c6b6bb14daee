import type { ThemeConfig } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';

/** Outcome toasts: at most one visible at a time, shown for 5 seconds (spec document 1, section 9). */
export const TOAST_MAX_VISIBLE = 1;
export const TOAST_DURATION_SECONDS = 5;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Seconds on screen; TOAST_DURATION_SECONDS unless a message says otherwise. */
  duration?: number;
  /** One button in the toast, such as Undo; the toast closes when it is pressed. */
  action?: { label: string; onClick: () => void };
  /** Names the toast, so that `dismissToast` can take it away once what it asked for is done. */
  key?: string;
}

export type ShowToast = (options: ToastOptions) => void;
/** What the holder (toast-holder.tsx) registers: show a toast, take one away by its key. */
export interface ToastHandle {
  show: ShowToast;
  dismiss: (key: string) => void;
}

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
