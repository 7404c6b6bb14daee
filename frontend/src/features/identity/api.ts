import type { AuditEntry, LoginRequest, Page, RegisterRequest, User } from '@carecircle/libs';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { baseApi, CURRENT_USER_ENDPOINT } from '../../app/base-api';
import { errorMessageFor, type ApiQueryError } from '../../shared/api/api-error';

/**
 * The readable cookie the server keeps while a session has a user (cc.signed-in; docs/security.md).
 * The server rendering a page (src/server/render-home.tsx) has no cookie to read: it asks.
 */
export const hasSessionHint = () => typeof document === 'undefined' || /(?:^|;\s*)cc\.signed-in=/.test(document.cookie);
const SIGNED_OUT: ApiQueryError = { status: 401, message: errorMessageFor(401, '', 'Unauthorized') };

export const identityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    [CURRENT_USER_ENDPOINT]: build.query<User, void>({
      // Without the server's signed-in hint there is no session to ask about: signed out, with no
      // request (a first-time visitor's 401 would be a console error on every public page).
      queryFn: async (_arg, _api, _extra, baseQuery) => (hasSessionHint() ? ((await baseQuery('auth/user')) as { data: User } | { error: ApiQueryError }) : { error: SIGNED_OUT }),
      providesTags: ['User'],
    }),
    login: build.mutation<User, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      invalidatesTags: ['Child', 'Medication'],
    }),
    register: build.mutation<User, RegisterRequest>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
      invalidatesTags: ['Child', 'Medication'],
    }),
    /** Whether this server offers Google sign-in (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET set). */
    getGoogleSignInStatus: build.query<{ configured: boolean }, void>({
      query: () => 'auth/google/status',
    }),
    getMyAudit: build.query<Page<AuditEntry>, string | undefined>({
      query: (cursor) => ({ url: 'user/audit', params: cursor ? { cursor } : undefined }),
      providesTags: ['User'],
    }),
    /** GET /api/admin/audit: every account's security events and admin changes, newest first, or those of the accounts `search` finds (super admins). */
    getAllAudit: build.query<Page<AuditEntry>, { cursor?: string; search: string }>({
      query: ({ cursor, search }) => ({ url: 'admin/audit', params: { ...(cursor ? { cursor } : {}), ...(search ? { search } : {}) } }),
      providesTags: ['AdminUsers'],
    }),
    /** Erases the account and the recipients it owns; the session ends with it. Confirmed by the password or a passkey's answer to passkey-options. */
    deleteAccount: build.mutation<void, { password: string } | { passkeyAssertion: AuthenticationResponseJSON }>({
      query: (body) => ({ url: 'user', method: 'DELETE', body }),
    }),
    /** A challenge for the user's own passkeys, usable once within 5 minutes, only to delete the account. */
    beginAccountDeletionWithPasskey: build.mutation<PublicKeyCredentialRequestOptionsJSON, void>({
      query: () => ({ url: 'user/delete/passkey-options', method: 'POST' }),
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useGetMyAuditQuery,
  useGetAllAuditQuery,
  useGetGoogleSignInStatusQuery,
  useLoginMutation,
  useRegisterMutation,
  useDeleteAccountMutation,
  useBeginAccountDeletionWithPasskeyMutation,
} =
  identityApi;
