/**
 * Outcome toasts: `toast()` and `dismissToast()`, callable from components and from non-React code
 * such as the API layer; `ToastHost` (toast-host.tsx) shows them. Drawn without antd, so the first
 * toast loads nothing (issue 27: antd's notification code cost a phone 400-780 ms at the first toast).
 */

/** Outcome toasts: at most one visible at a time, shown for 5 seconds (spec document 1, section 9). */
export const TOAST_MAX_VISIBLE = 1;
export const TOAST_DURATION_SECONDS = 5;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Seconds on screen; TOAST_DURATION_SECONDS unless a message says otherwise; 0 keeps it until closed. */
  duration?: number;
  /** One button in the toast, such as Undo; the toast closes when it is pressed. */
  action?: { label: string; onClick: () => void };
  /** Names the toast, so that `dismissToast` can take it away once what it asked for is done. */
  key?: string;
}

/** A toast as the host shows it: `version` changes when a toast of the same key is shown again (its time starts again). */
export interface ShownToast extends ToastOptions {
  key: string;
  version: number;
}

const NONE: readonly ShownToast[] = [];
let toasts: readonly ShownToast[] = NONE;
let versions = 0;
const listeners = new Set<() => void>();
/** Resolved by the host once the toast of that version is on screen. */
const waitingToShow = new Map<number, () => void>();

function publish(next: readonly ShownToast[]): void {
  // A toast that leaves before the host has drawn it (replaced, or past TOAST_MAX_VISIBLE) is done with too.
  for (const { version } of toasts) if (!next.some((kept) => kept.version === version)) settle(version);
  toasts = next;
  listeners.forEach((listener) => listener());
}

function settle(version: number): void {
  waitingToShow.get(version)?.();
  waitingToShow.delete(version);
}

/**
 * Shows a toast (in place of one with the same key, else after the others, the oldest leaving past
 * TOAST_MAX_VISIBLE). Resolves once the toast is on screen, which is at the host's next render.
 */
export function toast(options: ToastOptions): Promise<void> {
  const version = ++versions;
  const shown: ShownToast = { ...options, key: options.key ?? `toast-${version}`, version };
  const drawn = new Promise<void>((resolve) => waitingToShow.set(version, resolve));
  const at = toasts.findIndex((candidate) => candidate.key === shown.key);
  publish(at >= 0 ? toasts.map((candidate, i) => (i === at ? shown : candidate)) : [...toasts, shown].slice(-TOAST_MAX_VISIBLE));
  return drawn;
}

/**
 * Takes away the toast shown with this key, if it is still there: a "required" message goes once the
 * caregiver has given what it asked for.
 */
export function dismissToast(key: string): void {
  if (toasts.some((candidate) => candidate.key === key)) publish(toasts.filter((candidate) => candidate.key !== key));
}

/** Takes every toast away, as a new page load would (component tests start each test so). */
export function clearToasts(): void {
  publish(NONE);
}

/** For the host (useSyncExternalStore). */
export const toastStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): readonly ShownToast[] => toasts,
  none: (): readonly ShownToast[] => NONE,
  /** The host has put these on screen: their callers' promises resolve. */
  shown(on: readonly ShownToast[]): void {
    for (const { version } of on) settle(version);
  },
};
