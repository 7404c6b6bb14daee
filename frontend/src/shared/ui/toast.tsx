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
}

export type ShowToast = (options: ToastOptions) => void;

// antd's notification code (about 14 kB gzip) loads with the first toast, not with every page.
const ToastHolder = lazy(() => import('./toast-holder'));

let show: ShowToast | null = null;
const waiting: { options: ToastOptions; shown: () => void }[] = [];
let wakeHost: (() => void) | null = null;

/**
 * Shows a toast; callable from components and from non-React code such as the API layer. Resolves
 * once the toast is on screen: the first one waits for antd's notification code.
 */
export function toast(options: ToastOptions): Promise<void> {
  if (show) {
    show(options);
    return Promise.resolve();
  }
  return new Promise((shown) => {
    waiting.push({ options, shown });
    wakeHost?.();
  });
}

function register(showing: ShowToast | null): void {
  show = showing;
  if (showing)
    waiting.splice(0).forEach(({ options, shown }) => {
      showing(options);
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
