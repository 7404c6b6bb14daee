/**
 * Taps the boot script (frontend/home-prefetch.js) held while the server's Today was on screen but
 * not yet the app's: given again once the app has taken the page over, so a tick made in that second
 * counts instead of changing only the page. In the order made, each control still on the page once:
 * a button or checkbox is clicked, a dropdown gets the choice made in it.
 */
interface HeldTap {
  control: HTMLElement;
  /** A dropdown's choice. */
  value?: string;
}

declare global {
  interface Window {
    __ccHeld?: { taps: HeldTap[]; done: boolean };
  }
}

let whenPageHydrated: (() => void) | undefined;

/**
 * What to run once the page the server rendered has been taken over (main.tsx): React hydrates the
 * page's own Suspense boundary (root-layout.tsx) after the app's shell, in short slices, and a tap
 * replayed on a part not yet hydrated would be lost (docs/performance.md, issue 27).
 */
export function afterPageHydrated(run: () => void): void {
  whenPageHydrated = run;
}

/** Called by the page's boundary once it is committed (root-layout.tsx): runs what `afterPageHydrated` was given, once. */
export function pageHydrated(): void {
  const run = whenPageHydrated;
  whenPageHydrated = undefined;
  run?.();
}

export function releaseHeldTaps(): void {
  const held = window.__ccHeld;
  if (!held || held.done) return;
  held.done = true;
  for (const { control, value } of held.taps) {
    control.classList.remove('cc-held');
    if (!control.isConnected) continue;
    if (control instanceof HTMLSelectElement && value !== undefined) {
      control.value = value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else control.click();
  }
}
