import { notification } from 'antd';
import { useEffect } from 'react';

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
}

type NotificationApi = ReturnType<typeof notification.useNotification>[0];

let hostApi: NotificationApi | null = null;

notification.config({ maxCount: TOAST_MAX_VISIBLE, duration: TOAST_DURATION_SECONDS, placement: 'top' });

/** Shows a toast; callable from components and from non-React code such as the API layer. */
export function toast({ title, description, variant = 'default', duration }: ToastOptions): void {
  const api = hostApi ?? notification;
  const type = variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'info';
  api[type]({
    title,
    description,
    ...(duration !== undefined && { duration }),
    role: variant === 'destructive' ? 'alert' : 'status',
  });
}

/** Mount once near the root so toasts follow the app's theme. */
export function ToastHost() {
  const [api, holder] = notification.useNotification({
    maxCount: TOAST_MAX_VISIBLE,
    duration: TOAST_DURATION_SECONDS,
    placement: 'top',
  });
  useEffect(() => {
    hostApi = api;
    return () => {
      if (hostApi === api) hostApi = null;
    };
  }, [api]);
  return holder;
}
