import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { errorMessageFor, isUnauthorizedMessage, type ApiQueryError } from '../shared/api/api-error';
import { toast } from '../shared/ui/toast';

/** GET /api/auth/user: a 401 there only means "signed out", never "logged out while working". */
export const CURRENT_USER_ENDPOINT = 'getCurrentUser';

const SIGNED_OUT_REDIRECT_DELAY_MS = 500;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'include',
  // Keep the raw text of failures so the error message can quote the body exactly.
  responseHandler: async (response) => {
    const text = await response.text();
    if (!response.ok) return text;
    return text ? JSON.parse(text) : null;
  },
});

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiQueryError(error: FetchBaseQueryError, response: Response | undefined): ApiQueryError {
  if (typeof error.status === 'number') {
    const bodyText = typeof error.data === 'string' ? error.data : error.data == null ? '' : JSON.stringify(error.data);
    return {
      status: error.status,
      message: errorMessageFor(error.status, bodyText, response?.statusText ?? ''),
      data: parseBody(bodyText),
    };
  }
  if (error.status === 'PARSING_ERROR') {
    return {
      status: error.status,
      message: errorMessageFor(error.originalStatus, error.data, response?.statusText ?? ''),
      data: error.data,
    };
  }
  return { status: error.status, message: error.error };
}

let signingOut = false;

function handleLoggedOut(): void {
  if (signingOut) return;
  signingOut = true;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  window.setTimeout(() => window.location.assign('/login'), SIGNED_OUT_REDIRECT_DELAY_MS);
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiQueryError, object, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  const error = toApiQueryError(result.error, result.meta?.response);
  if (api.endpoint !== CURRENT_USER_ENDPOINT && isUnauthorizedMessage(error.message)) handleLoggedOut();
  return { error, meta: result.meta };
};

/** The one API of the app; features add their endpoints with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Child', 'Medication', 'Task', 'TaskHistory', 'Progress', 'Achievement', 'Notification'],
  // Data is stale immediately: refetch whenever a screen mounts, keep unused data only briefly.
  keepUnusedDataFor: 5,
  refetchOnMountOrArgChange: true,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
