import { Link } from 'react-router-dom';
import './page-tabs.css';

/**
 * A page's sections as links (`?tab=`), one of them current: Settings and the admin dashboard. The
 * first tab is the page's own path; the others add `?tab={key}`. Links, not a tablist: each section is
 * an address the back button and a shared link reach.
 */
export function PageTabs({ label, path, tabs, current }: { label: string; path: string; tabs: readonly { key: string; label: string }[]; current: string }) {
  return (
    <nav className="page-tabs" aria-label={label}>
      {tabs.map((item, index) => (
        <Link
          key={item.key}
          to={index === 0 ? path : `${path}?tab=${item.key}`}
          replace
          className={item.key === current ? 'page-tabs__tab page-tabs__tab--active' : 'page-tabs__tab'}
          aria-current={item.key === current ? 'page' : undefined}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
