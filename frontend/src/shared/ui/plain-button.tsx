import type { ButtonHTMLAttributes, ReactNode } from 'react';

const SIZES = { small: 'sm', middle: 'md', large: 'lg' } as const;

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** As antd's Button `type`: default (outlined), primary, text, link. */
  variant?: 'default' | 'primary' | 'text' | 'link';
  size?: 'small' | 'middle' | 'large';
  shape?: 'circle';
  danger?: boolean;
  icon?: ReactNode;
}

/**
 * A button drawn like antd's with the app's theme (theme.ts, styles.css `.plain-button`), for screens
 * whose first paint loads no antd: the landing page and Today (docs/performance.md).
 */
export function PlainButton({ variant = 'default', size = 'middle', shape, danger, icon, className, children, ...props }: Props) {
  const classes = [
    'plain-button',
    variant !== 'default' && `plain-button--${variant}`,
    `plain-button--${SIZES[size]}`,
    shape === 'circle' && 'plain-button--circle',
    icon && !children && 'plain-button--icon-only',
    danger && 'plain-button--danger',
    className,
  ].filter(Boolean);
  return (
    <button type="button" className={classes.join(' ')} {...props}>
      {icon}
      {children !== undefined && children !== null && <span>{children}</span>}
    </button>
  );
}
