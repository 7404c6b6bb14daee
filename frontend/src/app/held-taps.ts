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

export function releaseHeldTaps(): void {
  const held = window.__ccHeld;
  if (!held || held.done) return;
  held.done = true;
  for (const { control, value } of held.taps) {
    if (!control.isConnected) continue;
    if (control instanceof HTMLSelectElement && value !== undefined) {
      control.value = value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else control.click();
  }
}
