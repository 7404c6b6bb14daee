import type { User } from '@carecircle/libs';
import { useGetCurrentUserQuery } from '../api';

export interface AuthState {
  user: User | undefined;
  /** True exactly when GET /api/auth/user answered with data (and its latest answer was not a failure). */
  isAuthenticated: boolean;
  isLoading: boolean;
}

export function useAuth(): AuthState {
  // The root subscribes once; later subscribers share that result instead of refetching on mount.
  const { data, isError, isLoading } = useGetCurrentUserQuery(undefined, { refetchOnMountOrArgChange: false });
  const user = isError ? undefined : data;
  return { user, isAuthenticated: user !== undefined, isLoading };
}
