import { useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';

/** Shown instead of a blank screen when a screen fails to load or render (e.g. after an update). */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  console.error(error);
  return (
    <main className="not-found">
      <h1 className="not-found__title">Something went wrong</h1>
      <p className="not-found__text">This page could not be shown. Reloading usually fixes it.</p>
      <button type="button" className="link-button" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </main>
  );
}
