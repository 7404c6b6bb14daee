import { QueryStatus } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { baseApi } from './base-api';
import { useAppSelector } from './store';

/** Typed Redux hooks (store.ts); features import these (and base-api.ts) from app/, nothing else. */
export { useAppDispatch, useAppSelector } from './store';

/**
 * A query hook's `selectFromResult` for a screen that shows the data, a skeleton while it first loads
 * and an error: it is then not rendered again while the same read is asked again (`isFetching`) and
 * answers what it had (the reads a server-rendered page asks after hydration; issue 27). A read not
 * started yet counts as loading, as RTK Query's own default selector has it (for a query not skipped).
 */
export const dataAndStatus = <T,>({ data, isLoading, isError, isUninitialized }: { data?: T; isLoading: boolean; isError: boolean; isUninitialized: boolean }) => ({
  data,
  isLoading: firstLoading({ data, isLoading, isUninitialized }),
  isError,
});

/** Loading for a custom `selectFromResult`: a read not started yet (and not skipped) counts too, as in RTK Query's default selector. */
export const firstLoading = ({ data, isLoading, isUninitialized }: { data?: unknown; isLoading: boolean; isUninitialized: boolean }) =>
  isLoading || (isUninitialized && data === undefined);
/** The same for a part that shows only the data. */
export const dataOnly = <T,>({ data }: { data?: T }) => ({ data });

/**
 * True once `asked` and no API read is under way, and from then on (the store is no longer watched):
 * for what should wait until the screen's own reads have been answered.
 */
export function useReadsAnswered(asked: boolean): boolean {
  const [answered, setAnswered] = useState(false);
  const pending = useAppSelector(
    (state) => !answered && Object.values(state[baseApi.reducerPath].queries).some((query) => query?.status === QueryStatus.pending),
  );
  if (asked && !pending && !answered) setAnswered(true);
  return answered;
}
