/**
 * Tab and Shift+Tab go round inside an open dialog (antd Modal), never out of it.
 *
 * antd's own focus lock (@rc-component/util `useLockFocus`) pulls focus back only when a `focusin`
 * happens outside the dialog. A dialog is the last thing in the page, so Tab on its last control
 * takes focus out of the document (to the browser's own toolbar) without any `focusin`: focus sat
 * on the page's body, or in the address bar, after the fourth to sixth Tab. Here the edges wrap
 * before the browser moves focus at all.
 */

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
  '[contenteditable="true"]',
].join(', ');

const shown = (element: Element) => element.getClientRects().length > 0;

/** Controls Tab stops at, in order: shown, not taken out of the order with a negative tabindex. */
function tabbables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.tabIndex >= 0 && shown(element));
}

/** The open dialog that has focus, else the one opened last (dialogs render in order at the end of the page). */
function currentDialog(active: Element | null): HTMLElement | null {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].filter(shown);
  return open.find((wrap) => active !== null && wrap.contains(active)) ?? open.at(-1) ?? null;
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const active = document.activeElement;
  const dialog = currentDialog(active);
  if (!dialog) return;
  const inside = active !== null && dialog.contains(active);
  // Focus somewhere else on the page (a toast's Undo) is antd's lock's to bring back.
  if (!inside && active !== null && active !== document.body) return;
  const stops = tabbables(dialog);
  if (stops.length === 0) return;
  const first = stops[0];
  const last = stops[stops.length - 1];
  const target = !inside ? (event.shiftKey ? last : first) : event.shiftKey ? (active === first ? last : null) : active === last ? first : null;
  if (!target) return;
  event.preventDefault();
  target.focus();
}

let installed = false;

/** Installs the wrap once for the page; dialogs need nothing of their own. */
export function wrapTabInDialogs(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('keydown', onKeyDown);
}
