import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@carecircle/libs';
import { renderWithApi, type SentRequest } from '../../../test-support/render-with-api';
import { signedInUser } from '../../../test-support/settings-fixtures';
import { DELETE_HINTS, DeleteAccount } from './delete-account';

const LOAD = { timeout: 30_000 };

/** The server answers GET /api/auth/user with this user; jsdom has no WebAuthn (no PublicKeyCredential). */
async function openDialog(user: User) {
  const sent: SentRequest[] = [];
  renderWithApi(<DeleteAccount />, (request) => {
    sent.push(request);
    return request.path === '/api/auth/user' ? { body: user } : { status: 403, body: { statusCode: 403, message: 'The password is not correct.' } };
  });
  await waitFor(() => expect(sent.some((request) => request.path === '/api/auth/user')).toBe(true), LOAD);
  await userEvent.click(screen.getByRole('button', { name: /Delete account/ }));
  return { dialog: await screen.findByRole('dialog', {}, LOAD), sent };
}

beforeEach(() => {
  document.cookie = 'cc.signed-in=1; path=/';
});
afterEach(() => {
  document.cookie = 'cc.signed-in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  vi.unstubAllGlobals();
});

describe('DeleteAccount', () => {
  it('an account made by Google without a passkey is never asked for a password: it is told to set up a passkey, and nothing can be sent', async () => {
    const { dialog, sent } = await openDialog(signedInUser({ signedUpWithGoogle: true, hasWebAuthn: false }));
    await waitFor(() => expect(within(dialog).getByText(DELETE_HINTS.noPasswordNoPasskey)).toBeTruthy(), LOAD);
    expect(within(dialog).queryByLabelText('Enter your password to confirm')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Confirm with passkey' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('an account made by Google whose passkey this browser cannot use is told to use a device where it works', async () => {
    const { dialog } = await openDialog(signedInUser({ signedUpWithGoogle: true, hasWebAuthn: true }));
    await waitFor(() => expect(within(dialog).getByText(DELETE_HINTS.noPasswordWrongBrowser)).toBeTruthy(), LOAD);
    expect(within(dialog).queryByLabelText('Enter your password to confirm')).toBeNull();
  });

  it('a password account confirms with its password: the wrong one is refused in the dialog', async () => {
    const { dialog, sent } = await openDialog(signedInUser({ hasWebAuthn: true }));
    expect(within(dialog).getByText(DELETE_HINTS.passwordWrongBrowser)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Confirm with passkey' })).toBeNull(); // no WebAuthn here
    await userEvent.type(within(dialog).getByLabelText('Enter your password to confirm'), 'not my password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('The password is not correct.'), LOAD);
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/api/user', body: { password: 'not my password' } }]);
  });
});
