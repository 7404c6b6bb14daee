import { Button, notification } from 'antd';
import { useEffect } from 'react';
import { PHONE_QUERY } from '../hooks/use-media-query';

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

type NotificationApi = ReturnType<typeof notification.useNotification>[0];

let hostApi: NotificationApi | null = null;

/**
 * Where toasts appear: at the top on wide screens; on phones at the bottom, above the bottom
 * navigation (--cc-bottom-nav-height), so they never cover the page header and sit under the thumb.
 */
function placement() {
  const phone = typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches;
  return phone ? { placement: 'bottom' as const, bottom: 80 } : { placement: 'top' as const };
}

notification.config({ maxCount: TOAST_MAX_VISIBLE, duration: TOAST_DURATION_SECONDS, ...placement() });

let toastCount = 0;

/** Shows a toast; callable from components and from non-React code such as the API layer. */
export function toast({ title, description, variant = 'default', duration, action }: ToastOptions): void {
  const api = hostApi ?? notification;
  const type = variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'info';
  const key = `toast-${++toastCount}`;
  api[type]({
    key,
    title,
    description,
    ...(duration !== undefined && { duration }),
    ...(action && {
      actions: (
        <Button
          size="small"
          onClick={() => {
            api.destroy(key);
            action.onClick();
          }}
        >
          {action.label}
        </Button>
      ),
    }),
    role: variant === 'destructive' ? 'alert' : 'status',
  });
}

/** Mount once near the root so toasts follow the app's theme. */
export function ToastHost() {
  const [api, holder] = notification.useNotification({
    maxCount: TOAST_MAX_VISIBLE,
    duration: TOAST_DURATION_SECONDS,
    ...placement(),
  });
  useEffect(() => {
    hostApi = api;
    return () => {
      if (hostApi === api) hostApi = null;
    };
  }, [api]);
  return holder;
}
