import type { User } from '@carecircle/libs';
import { firstLoading } from '../../../app/hooks';
import { useGetCurrentUserQuery } from '../api';

export interface AuthState {
  user: User | undefined;
  /** True exactly when GET /api/auth/user answered with data (and its latest answer was not a failure). */
  isAuthenticated: boolean;
  isLoading: boolean;
}

export function useAuth(): AuthState {
  // The root subscribes once; later subscribers share that result instead of refetching on mount.
  // Only what this needs is selected: asking the user again (after hydration, a live update) renders
  // its many users again only when the answer differs (issue 27).
  const { data, error, isLoading } = useGetCurrentUserQuery(undefined, {
    refetchOnMountOrArgChange: false,
    selectFromResult: (result) => ({ data: result.data, error: result.error, isLoading: firstLoading(result) }),
  });
  // Spec document 1: authenticated when the call answers data; a failure means unauthenticated. Once a
  // user is known, only a 401 signs them out here: a refetch a busy server answers 503 (a projection
  // still catching up) keeps the screen and what is being typed in it, and the next read settles it.
  const signedOut = error !== undefined && (data === undefined || (error as { status?: unknown }).status === 401);
  const user = signedOut ? undefined : data;
  return { user, isAuthenticated: user !== undefined, isLoading };
}
