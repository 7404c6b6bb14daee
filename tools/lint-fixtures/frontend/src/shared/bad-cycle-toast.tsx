// A cycle through a lazy import(): the holder is loaded later, but each file still knows the other.
import { lazy } from 'react';

export type ToastOptions = { text: string };
export const ToastHolder = lazy(() => import('./bad-cycle-toast-holder'));
