import type { CSSProperties } from 'react';

/**
 * Grey placeholder lines drawn like antd's active Skeleton, without antd, for Today's first paint.
 * `title` adds a wider first bar; the last paragraph line is shorter, as antd draws it.
 */
export function PlainSkeleton({ title = true, rows = 3, titleWidth = '38%', lastWidth = '61%' }: {
  title?: boolean;
  rows?: number;
  titleWidth?: CSSProperties['width'];
  lastWidth?: CSSProperties['width'];
}) {
  return (
    <div className="plain-skeleton" aria-hidden>
      {title && <span className="plain-skeleton__title" style={{ width: titleWidth }} />}
      {rows > 0 && (
        <span className={title ? 'plain-skeleton__rows plain-skeleton__rows--after-title' : 'plain-skeleton__rows'}>
          {Array.from({ length: rows }, (_, index) => (
            <span key={index} className="plain-skeleton__row" style={index === rows - 1 && rows > 1 ? { width: lastWidth } : undefined} />
          ))}
        </span>
      )}
    </div>
  );
}

/** One rounded block, like antd's `Skeleton.Button active block`. */
export function PlainSkeletonBlock({ height }: { height: number }) {
  return <span className="plain-skeleton__block" style={{ height }} aria-hidden />;
}
