import { Button, ConfigProvider, notification, type ThemeConfig } from 'antd';
import { useEffect } from 'react';
import { PHONE_QUERY } from '../hooks/use-media-query';
import { wave } from './theme';
import { TOAST_DURATION_SECONDS, TOAST_MAX_VISIBLE, type ToastHandle, type ToastOptions } from './toast-options';

/**
 * Where toasts appear: at the top on wide screens; on phones at the bottom, above the bottom
 * navigation (--cc-bottom-nav-height), so they never cover the page header and sit under the thumb.
 */
function placement() {
  const phone = window.matchMedia?.(PHONE_QUERY).matches;
  return phone ? { placement: 'bottom' as const, bottom: 80 } : { placement: 'top' as const };
}

let toastCount = 0;

interface HolderProps {
  register: (handle: ToastHandle | null) => void;
}

/** antd's notification holder behind `toast()`, loaded when the first toast is shown (toast.tsx). */
export default function ToastHolder({ theme, ...props }: HolderProps & { theme: ThemeConfig }) {
  return (
    <ConfigProvider theme={theme} wave={wave}>
      <Holder {...props} />
    </ConfigProvider>
  );
}

function Holder({ register }: HolderProps) {
  const [api, holder] = notification.useNotification({ maxCount: TOAST_MAX_VISIBLE, duration: TOAST_DURATION_SECONDS, ...placement() });
  useEffect(() => {
    const show = ({ title, description, variant = 'default', duration, action, key: named }: ToastOptions) => {
      const type = variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'info';
      const key = named ?? `toast-${++toastCount}`;
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
    };
    register({ show, dismiss: (key) => api.destroy(key) });
    return () => register(null);
  }, [api, register]);
  return holder;
}
