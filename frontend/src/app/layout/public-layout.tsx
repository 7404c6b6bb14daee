import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TopNav } from './top-nav';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-layout">
      <TopNav />
      <main className="public-layout__main">{children}</main>
      <footer className="public-footer">
        <span>© {new Date().getFullYear()} CareCircle</span>
        <nav aria-label="Legal" className="public-footer__links">
          <Link to="/terms">Terms</Link>
          <Link to="/privacy">Privacy</Link>
        </nav>
      </footer>
    </div>
  );
}
