import type { ReactNode } from 'react';
import { CloseCircleFilled } from './sign-in-icons';

/**
 * An error message drawn like antd's error Alert with its icon (styles.css `.plain-alert`), for pages
 * whose first load carries no antd: sign-in (docs/performance.md). Announced (`role="alert"`).
 */
export function PlainAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={className ? `plain-alert ${className}` : 'plain-alert'} role="alert">
      <CloseCircleFilled className="plain-alert__icon" />
      <div className="plain-alert__message">{children}</div>
    </div>
  );
}
