import type { ReactNode } from 'react';
import { useAuth } from '../features/identity/hooks/use-auth';

/** Signed-in routes render nothing for an anonymous visitor (spec document 1, section 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? children : null;
}
