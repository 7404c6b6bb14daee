import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { baseApi, type ServerRenderExtra } from './base-api';

/** The app's store; the server makes one per page it renders, with that request's fetch (base-api.ts). */
export function createAppStore(extra?: ServerRenderExtra) {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(baseApi.middleware),
  });
}

export const store = createAppStore();

export type AppStore = typeof store;
export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;

/**
 * Typed Redux hooks, which features import from hooks.ts. Defined here, in the code every page loads
 * first, so that the sign-in pages, which use them, do not load Today's code with them (hooks.ts is
 * part of Today's chunk; docs/performance.md).
 */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
