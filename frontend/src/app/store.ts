import { configureStore } from '@reduxjs/toolkit';
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
