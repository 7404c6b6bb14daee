import type { Child, SupportGroup, UpdateTimezoneRequest, User } from '@carecircle/libs';
import { createAction } from '@reduxjs/toolkit';
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
import { fetchPrefetchedFirst } from './prefetched';

/** GET /api/auth/user: a 401 there only means "signed out", never "logged out while working". */
export const CURRENT_USER_ENDPOINT = 'getCurrentUser';

const SIGNED_OUT_REDIRECT_DELAY_MS = 500;

const apiQuery = (baseUrl: string, fetchFn: typeof fetch) =>
  fetchBaseQuery({
    baseUrl,
    credentials: 'include',
    fetchFn,
    // Keep the raw text of failures so the error message can quote the body exactly.
    responseHandler: async (response) => {
      const text = await response.text();
      if (!response.ok) return text;
      return text ? JSON.parse(text) : null;
    },
  });

// Today's first reads may have started before this code arrived (index.html's boot script).
const browserQuery = apiQuery('/api', fetchPrefetchedFirst);

/**
 * A store the server renders a page with (src/server/render-home.tsx) carries the page request's own
 * fetch, which asks the server's API as that caregiver.
 */
export interface ServerRenderExtra {
  serverFetch: typeof fetch;
}
const serverFetchOf = (api: { extra: unknown }) => (api.extra as Partial<ServerRenderExtra> | undefined)?.serverFetch;
/** An absolute base for the server's requests (fetch takes no relative URL there); only the path is used. */
const SERVER_RENDER_ORIGIN = 'http://carecircle.invalid';

const rawBaseQuery: typeof browserQuery = (args, api, extraOptions) => {
  const serverFetch = serverFetchOf(api);
  return (serverFetch ? apiQuery(`${SERVER_RENDER_ORIGIN}/api`, serverFetch) : browserQuery)(args, api, extraOptions);
};

/** Puts the reads a server-rendered page was rendered with into the store, before it is hydrated. */
export const hydrateFromServer = createAction<Record<string, unknown>>('app/hydrateFromServer');

/**
 * Every mutation call that is not a GET gets its own Idempotency-Key (docs/http.md). When the
 * connection fails, or the server is still running the same key, that call is sent again with the
 * same key: a request that did arrive is answered by its replay, never run twice.
 */
const MUTATION_RETRIES = 2;
const MUTATION_RETRY_DELAY_MS = 400;

export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (HTTPS, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function withHeader(headers: FetchArgs['headers'], name: string, value: string): Headers {
  const merged = new Headers(
    headers instanceof Headers || Array.isArray(headers)
      ? (headers as HeadersInit)
      : Object.entries(headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  merged.set(name, value);
  return merged;
}

function worthRetrying(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR') return true;
  const body = error.status === 409 && typeof error.data === 'string' ? parseBody(error.data) : undefined;
  return (body as { code?: unknown } | undefined)?.code === 'IDEMPOTENCY.IN_PROGRESS';
}

const idempotentBaseQuery: typeof rawBaseQuery = async (args, api, extraOptions) => {
  if (api.type !== 'mutation' || typeof args === 'string' || (args.method ?? 'GET').toUpperCase() === 'GET') return rawBaseQuery(args, api, extraOptions);
  // A caller that retries a step of its own (the onboarding wizard) names the key, so the retry replays instead of creating twice.
  const given = new Headers((args.headers ?? {}) as HeadersInit).get('Idempotency-Key');
  const keyed: FetchArgs = given ? args : { ...args, headers: withHeader(args.headers, 'Idempotency-Key', newIdempotencyKey()) };
  let result = await rawBaseQuery(keyed, api, extraOptions);
  for (let attempt = 1; attempt <= MUTATION_RETRIES && result.error && worthRetrying(result.error) && !api.signal.aborted; attempt++) {
    await new Promise((resolve) => window.setTimeout(resolve, attempt * MUTATION_RETRY_DELAY_MS));
    result = await rawBaseQuery(keyed, api, extraOptions);
  }
  return result;
};

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

/** Longest wait for the toast to be drawn (a host that has not rendered yet) before leaving anyway. */
const SIGNED_OUT_TOAST_WAIT_MS = 3000;

function handleLoggedOut(): void {
  if (signingOut) return;
  signingOut = true;
  // The toast stays 500 ms on screen before the page leaves, counted from when it shows (the host may
  // not have rendered yet).
  const shown = toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  const tooLong = new Promise((resolve) => window.setTimeout(resolve, SIGNED_OUT_TOAST_WAIT_MS));
  void Promise.race([shown, tooLong]).then(() => window.setTimeout(() => window.location.assign('/login'), SIGNED_OUT_REDIRECT_DELAY_MS));
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiQueryError, object, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await idempotentBaseQuery(args, api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  const error = toApiQueryError(result.error, result.meta?.response);
  // (A page the server renders has no one to tell: it sends the plain page instead.)
  if (api.endpoint !== CURRENT_USER_ENDPOINT && isUnauthorizedMessage(error.message) && !serverFetchOf(api)) handleLoggedOut();
  return { error, meta: result.meta };
};

const CHILD_LIST = { type: 'Child', id: 'LIST' } as const;

/**
 * The one API of the app; features add their endpoints with `baseApi.injectEndpoints`. The endpoints
 * that more than one feature calls are declared here, once (a feature imports no other feature).
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'User',
    'Child',
    'Medication',
    'Task',
    'TaskHistory',
    'Progress',
    'Achievement',
    'Notification',
    'RepeatingTask',
    'EmergencyContact',
    'Doctor',
    'FamilySupport',
    'CareTeam',
    'CareUpdate',
    'Calendar',
    'AdminStats',
    'AdminUsers',
    'Billing',
    'Group',
    'GroupPosts',
    'Post',
    'GroupReports',
  ],
  // Data is stale immediately: refetch whenever a screen mounts, keep unused data only briefly.
  keepUnusedDataFor: 5,
  refetchOnMountOrArgChange: true,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  extractRehydrationInfo: (action, { reducerPath }) => (hydrateFromServer.match(action) ? (action.payload[reducerPath] as never) : undefined),
  endpoints: (build) => ({
    /** GET /api/children: the care recipients the user sees (their own and those shared with them). */
    getChildren: build.query<Child[], void>({
      query: () => 'children',
      providesTags: (children) => [CHILD_LIST, ...(children ?? []).map((child) => ({ type: 'Child' as const, id: child.id }))],
    }),
    /** GET /api/groups: every support group, each saying whether the user is a member (community; the onboarding's suggestion). */
    getGroups: build.query<SupportGroup[], void>({ query: () => 'groups', providesTags: ['Group'] }),
    /** POST /api/upload (multipart, field `file`): answers the stored image's URL, to send as a photo's URL. */
    uploadImage: build.mutation<{ url: string }, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: 'upload', method: 'POST', body };
      },
    }),
    /**
     * PATCH /api/user/timezone: the timezone sync (identity) and the Profile tab (settings). Answers
     * the user; the current user (tagged 'User') is fetched again.
     */
    updateTimezone: build.mutation<User, UpdateTimezoneRequest>({
      query: (body) => ({ url: 'user/timezone', method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useGetChildrenQuery, useGetGroupsQuery, useUploadImageMutation, useUpdateTimezoneMutation } = baseApi;
