import type { ReactNode } from 'react';
import { CheckOutlined } from '../../../shared/ui/public-icons';

/** A card of the public pages: an optional icon, a title (an h3 under the section's h2), its text, and what follows (a link, a button). */
export function FeatureCard({ icon, title, text, children }: { icon?: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <article className="feature-card">
      {icon && (
        <span className="feature-card__icon" aria-hidden>
          {icon}
        </span>
      )}
      <h3 className="feature-card__title">{title}</h3>
      <p className="feature-card__text">{text}</p>
      {children}
    </article>
  );
}

/** A list whose items each start with a tick (a plan's features, a feature's details). */
export function CheckList({ items, className }: { items: string[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item}>
          <CheckOutlined /> {item}
        </li>
      ))}
    </ul>
  );
}
