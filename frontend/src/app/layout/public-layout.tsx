import { Suspense, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { PageSkeleton } from '../../shared/ui/page-skeleton';
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

/**
 * The public pages' layout route (router.tsx): the navigation stays in place from one page to the
 * next while the next one's code loads. Meanwhile the skeleton fills the screen, so the footer waits
 * below it instead of showing at the bottom and then jumping down when the page arrives (a layout
 * shift of 0.07 on /pricing, /about and /contact in Lighthouse's phone run).
 */
export default function PublicPages() {
  return (
    <PublicLayout>
      <Suspense
        fallback={
          <div className="public-layout__loading">
            <PageSkeleton />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </PublicLayout>
  );
}
