import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';

export function NotFoundScreen() {
  useDocumentTitle('Page Not Found');
  return (
    <main className="not-found">
      <h1 className="not-found__title">Page Not Found</h1>
      <p className="not-found__text">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="not-found__link">
        Go to Home
      </Link>
    </main>
  );
}
