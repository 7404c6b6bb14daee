import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, type SentRequest } from '../../../test-support/render-with-api';
import { BiometricCard } from './biometric-card';

const LOAD = { timeout: 30_000 };
const passkey = { id: 'p1', deviceType: 'multiDevice', backedUp: true, transports: ['internal'], createdAt: '2026-11-28T08:00:00.000Z', lastUsedAt: null };

afterEach(() => vi.unstubAllGlobals());

describe('BiometricCard', () => {
  it('says so when the browser has no WebAuthn, with Setup disabled (jsdom has no PublicKeyCredential)', async () => {
    renderWithApi(<BiometricCard />, () => ({ body: { hasWebAuthn: false, credentials: [] } }));
    const card = screen.getByRole('region', { name: 'Setup Biometric Authentication' });
    for (const benefit of ['sign in instantly', 'biometric data stays on the device', 'works across devices']) expect(within(card).getByText(benefit)).toBeTruthy();
    expect(within(card).getByText('Biometric authentication is not supported on this device or browser.')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Setup' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows Active with Remove once set up; Remove asks first, then deletes each passkey on the server', async () => {
    const sent: string[] = [];
    let removed = false;
    const server = ({ method, path }: SentRequest) => {
      sent.push(`${method} ${path}`);
      if (method === 'DELETE') {
        removed = true;
        return {}; // an empty answer (the test server's Response cannot carry a 204 with its body)
      }
      return { body: removed ? { hasWebAuthn: false, credentials: [] } : { hasWebAuthn: true, credentials: [passkey, { ...passkey, id: 'p2' }] } };
    };
    renderWithApi(<BiometricCard />, server);
    const card = screen.getByRole('region', { name: 'Setup Biometric Authentication' });
    await waitFor(() => expect(within(card).getByText('Active')).toBeTruthy(), LOAD);
    await userEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to remove biometric authentication? You will no longer be able to sign in using Face ID or Touch ID.')).toBeTruthy();
    expect(sent.filter((request) => request.startsWith('DELETE'))).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent.filter((request) => request.startsWith('DELETE'))).toEqual(['DELETE /api/webauthn/credentials/p1', 'DELETE /api/webauthn/credentials/p2']), LOAD);
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Setup' })).toBeTruthy(), LOAD);
  });
});
