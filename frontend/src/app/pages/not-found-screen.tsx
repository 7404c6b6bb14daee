import { lazy } from 'react';
import { Link } from 'react-router-dom';
import { hasSessionHint } from '../../features/identity/api';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';

// The public pages' layout, loaded only for a signed-out visitor (the landing page's chunk holds it).
const PublicLayout = lazy(() => import('../layout/public-layout').then((m) => ({ default: m.PublicLayout })));

function NotFound() {
  return (
    <>
      <h1 className="not-found__title">Page Not Found</h1>
      <p className="not-found__text">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="not-found__link">
        Go to Home
      </Link>
    </>
  );
}

/** Any other path: Page Not Found, inside the public pages' navigation for a signed-out visitor. */
export function NotFoundScreen() {
  const { isAuthenticated, isLoading } = useAuth();
  useDocumentTitle('Page Not Found');
  if (isAuthenticated || (isLoading && hasSessionHint()))
    return (
      <main className="not-found">
        <NotFound />
      </main>
    );
  return (
    <PublicLayout>
      <div className="not-found not-found--public">
        <NotFound />
      </div>
    </PublicLayout>
  );
}
