import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { LoadingOutlined } from './sign-in-icons';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  primary?: boolean;
  icon?: ReactNode;
  /** A spinner in place of the icon; clicks do nothing meanwhile (as antd's `loading`). */
  loading?: boolean;
}

/**
 * A large full-width button, drawn like antd's `size="large" block` Button with the app theme
 * (styles.css `.plain-button`), for the sign-in pages, whose first load carries no antd
 * (docs/performance.md). shared/ui/plain-button.tsx is Today's, and comes with Today's code.
 */
export function BlockButton({ primary = false, icon, loading = false, type = 'button', className, onClick, children, ...props }: Props) {
  const classes = ['plain-button', 'plain-button--lg', 'plain-button--block', primary && 'plain-button--primary', loading && 'plain-button--loading', className].filter(Boolean);
  return (
    <button type={type} className={classes.join(' ')} aria-busy={loading || undefined} onClick={loading ? undefined : onClick} {...props}>
      {loading ? <LoadingOutlined className="plain-icon--spin" /> : icon}
      <span>{children}</span>
    </button>
  );
}
