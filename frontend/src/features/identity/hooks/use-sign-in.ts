import type { LoginRequest, RegisterRequest, User } from '@carecircle/libs';
import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { identityApi, useLoginMutation, useRegisterMutation } from '../api';

/** Sign-in and account creation; on success the current user is in the cache before the caller navigates. */
export function useSignIn() {
  const dispatch = useAppDispatch();
  const [login, loginState] = useLoginMutation();
  const [register, registerState] = useRegisterMutation();

  const remember = useCallback(
    async (user: User) => {
      await dispatch(identityApi.util.upsertQueryData('getCurrentUser', undefined, user));
      return user;
    },
    [dispatch],
  );

  const signIn = useCallback(async (body: LoginRequest) => remember(await login(body).unwrap()), [login, remember]);
  const createAccount = useCallback(
    async (body: RegisterRequest) => remember(await register(body).unwrap()),
    [register, remember],
  );

  return { signIn, createAccount, isPending: loginState.isLoading || registerState.isLoading };
}
