import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';

/** Shown instead of a blank screen when a screen fails to load or render (e.g. after an update). */
function RouteErrorPage() {
  useDocumentTitle('Something went wrong');
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

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; failedAt: string | null }> {
  override state = { error: undefined as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  /** Going to another page tries again: the failure may belong to one screen only. */
  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
    return state.failedAt !== null && state.failedAt !== props.pathname ? { error: undefined, failedAt: null } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    this.setState({ failedAt: this.props.pathname });
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage />;
  }
}

/** Catches what any route throws while loading or rendering, and shows RouteErrorPage instead. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary pathname={useLocation().pathname}>{children}</ErrorBoundary>;
}
