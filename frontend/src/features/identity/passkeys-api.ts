import type { PasskeySummary, User } from '@carecircle/libs';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { baseApi } from '../../app/base-api';

/** The Passkeys API of spec document 3 (docs/passkeys.md). */
export const passkeysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPasskeyStatus: build.query<{ hasWebAuthn: boolean; credentials: PasskeySummary[] }, void>({
      query: () => 'webauthn/status',
      providesTags: ['User'],
    }),
    beginPasskeyRegistration: build.mutation<PublicKeyCredentialCreationOptionsJSON, void>({
      query: () => ({ url: 'webauthn/register/begin', method: 'POST' }),
    }),
    completePasskeyRegistration: build.mutation<{ verified: boolean; message: string }, RegistrationResponseJSON>({
      query: (body) => ({ url: 'webauthn/register/complete', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    removePasskey: build.mutation<void, string>({
      query: (id) => ({ url: `webauthn/credentials/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
    /** /login names no user: the browser offers the passkeys it holds for this site. */
    beginPasskeySignIn: build.mutation<PublicKeyCredentialRequestOptionsJSON, void>({
      query: () => ({ url: 'webauthn/authenticate/begin', method: 'POST', body: {} }),
    }),
    completePasskeySignIn: build.mutation<{ verified: boolean; message: string; user: User }, AuthenticationResponseJSON>({
      query: (response) => ({ url: 'webauthn/authenticate/complete', method: 'POST', body: { response } }),
    }),
  }),
});

export const {
  useGetPasskeyStatusQuery,
  useBeginPasskeyRegistrationMutation,
  useCompletePasskeyRegistrationMutation,
  useRemovePasskeyMutation,
  useBeginPasskeySignInMutation,
  useCompletePasskeySignInMutation,
} = passkeysApi;
