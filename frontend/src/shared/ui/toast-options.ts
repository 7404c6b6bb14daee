/**
 * What a toast is, shared by `toast()` (toast.tsx) and the holder that shows it (toast-holder.tsx),
 * so that neither imports the other (the holder is loaded lazily by toast.tsx).
 */

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
