import type { ReactNode } from 'react';

interface Props {
  /** The block's class: the row is `${block}__header`, the heading `${block}__title`. */
  block: string;
  /** The heading's id, which the section names itself by (aria-labelledby). */
  titleId: string;
  title: string;
  /** An icon before the title (hidden from screen readers by its caller). */
  icon?: ReactNode;
  /** The section's main action, at the end of the row. */
  children?: ReactNode;
}

/** A section's heading row: the h2 that names the section, and its main action. */
export function SectionHeader({ block, titleId, title, icon, children }: Props) {
  return (
    <header className={`${block}__header`}>
      <h2 id={titleId} className={`${block}__title`}>
        {icon && <>{icon} </>}
        {title}
      </h2>
      {children}
    </header>
  );
}
