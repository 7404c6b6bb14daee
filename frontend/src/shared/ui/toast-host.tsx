import { useEffect, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import { icon } from './svg-icon';
import { PlainButton } from './plain-button';
import { dismissToast, TOAST_DURATION_SECONDS, toastStore, type ShownToast, type ToastVariant } from './toast';

// antd's notification icons (@ant-design/icons-svg, MIT), drawn as svg-icon.tsx draws them.
const CheckCircleFilled = /*#__PURE__*/ icon(["M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z"]);
const CloseCircleFilled = /*#__PURE__*/ icon(["M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z"], { evenodd: true });
const InfoCircleFilled = /*#__PURE__*/ icon(["M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm32 664c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V456c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272zm-32-344a48.01 48.01 0 010-96 48.01 48.01 0 010 96z"]);
const CloseOutlined = /*#__PURE__*/ icon(["M799.86 166.31c.02 0 .04.02.08.06l57.69 57.7c.04.03.05.05.06.08a.12.12 0 010 .06c0 .03-.02.05-.06.09L569.93 512l287.7 287.7c.04.04.05.06.06.09a.12.12 0 010 .07c0 .02-.02.04-.06.08l-57.7 57.69c-.03.04-.05.05-.07.06a.12.12 0 01-.07 0c-.03 0-.05-.02-.09-.06L512 569.93l-287.7 287.7c-.04.04-.06.05-.09.06a.12.12 0 01-.07 0c-.02 0-.04-.02-.08-.06l-57.69-57.7c-.04-.03-.05-.05-.06-.07a.12.12 0 010-.07c0-.03.02-.05.06-.09L454.07 512l-287.7-287.7c-.04-.04-.05-.06-.06-.09a.12.12 0 010-.07c0-.02.02-.04.06-.08l57.7-57.69c.03-.04.05-.05.07-.06a.12.12 0 01.07 0c.03 0 .05.02.09.06L512 454.07l287.7-287.7c.04-.04.06-.05.09-.06a.12.12 0 01.07 0z"], { evenodd: true });

const ICONS: Record<ToastVariant, (props: { className?: string }) => ReactElement> = {
  default: InfoCircleFilled,
  success: CheckCircleFilled,
  destructive: CloseCircleFilled,
};

/**
 * Where toasts show (styles.css `.cc-toasts`): a region named "Messages", at the top on wide screens
 * and on phones at the bottom above the bottom navigation, drawn like antd's notification with the
 * app's theme. Mount once near the root: it renders on the server too (an empty region).
 */
export function ToastHost() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.current, toastStore.none);
  useEffect(() => toastStore.shown(toasts), [toasts]);
  return (
    <section className="cc-toasts" aria-label="Messages">
      {toasts.map((shown) => (
        <Toast key={shown.key} toast={shown} />
      ))}
    </section>
  );
}

/**
 * One toast: a polite status (an error is an alert), with its action and a labelled close button.
 * It leaves after its duration, which waits while the pointer or the keyboard's focus is on it;
 * Escape closes it from inside.
 */
function Toast({ toast }: { toast: ShownToast }) {
  const { key, title, description, variant = 'default', duration = TOAST_DURATION_SECONDS, action, version } = toast;
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const box = useRef<HTMLDivElement>(null);
  const waiting = held.pointer || held.focus;
  useEffect(() => {
    if (duration <= 0 || waiting) return;
    const timer = window.setTimeout(() => dismissToast(key), duration * 1000);
    return () => window.clearTimeout(timer);
  }, [key, version, duration, waiting]);
  const Icon = ICONS[variant];
  return (
    <div
      ref={box}
      className={`cc-toast cc-toast--${variant}`}
      role={variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      onPointerEnter={() => setHeld((was) => ({ ...was, pointer: true }))}
      onPointerLeave={() => setHeld((was) => ({ ...was, pointer: false }))}
      onFocus={() => setHeld((was) => ({ ...was, focus: true }))}
      onBlur={(event) => !box.current?.contains(event.relatedTarget as Node | null) && setHeld((was) => ({ ...was, focus: false }))}
      onKeyDown={(event) => event.key === 'Escape' && dismissToast(key)}
    >
      <Icon className="cc-toast__icon" />
      <div className="cc-toast__body">
        <div className="cc-toast__title">{title}</div>
        {description && <div className="cc-toast__description">{description}</div>}
        {action && (
          <div className="cc-toast__actions">
            <PlainButton
              size="small"
              onClick={() => {
                dismissToast(key);
                action.onClick();
              }}
            >
              {action.label}
            </PlainButton>
          </div>
        )}
      </div>
      <button type="button" className="cc-toast__close" aria-label="Close" onClick={() => dismissToast(key)}>
        <CloseOutlined />
      </button>
    </div>
  );
}
