import type { HTMLAttributes, ReactElement } from 'react';

/**
 * An icon drawn from path data of @ant-design/icons-svg (MIT), for screens whose first load must carry
 * no icon library and no antd (icons.tsx for Today, public-icons.tsx for the public pages;
 * docs/performance.md). Same look as antd's icons: 1em, the current text colour, `anticon` for the
 * app's CSS. Hidden from assistive technology unless given an `aria-label` (then `role="img"` is up to
 * the caller, as with antd's icons).
 */
export type IconProps = HTMLAttributes<HTMLSpanElement>;

export function icon(paths: string[], options: { viewBox?: string; evenodd?: boolean } = {}): (props: IconProps) => ReactElement {
  return function Icon({ className, ...props }: IconProps) {
    const labelled = props['aria-label'] !== undefined;
    return (
      <span aria-hidden={labelled ? undefined : true} {...props} className={className ? `anticon plain-icon ${className}` : 'anticon plain-icon'}>
        <svg
          viewBox={options.viewBox ?? '64 64 896 896'}
          width="1em"
          height="1em"
          fill="currentColor"
          fillRule={options.evenodd ? 'evenodd' : undefined}
          focusable="false"
          aria-hidden
        >
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      </span>
    );
  };
}
