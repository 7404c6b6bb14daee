import { GOOGLE_SIGN_IN_ERRORS } from '@carecircle/libs';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, type SentRequest } from '../../../test-support/render-with-api';
import LoginPage from './login-page';

const LOAD = { timeout: 30_000 };
const googleConfigured = ({ path }: SentRequest) => (path === '/api/auth/google/status' ? { body: { configured: true } } : undefined);

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage, back from a failed Google sign-in (/login?error=<code>)', () => {
  it.each(Object.entries(GOOGLE_SIGN_IN_ERRORS))('%s: an alert with the reason, above the sign-in options', async (code, message) => {
    renderWithApi(<LoginPage />, googleConfigured, { at: `/login?error=${code}` });
    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(alert.textContent).toContain(message);
    await waitFor(() => expect(screen.getByRole('button', { name: /Continue with Google$/ }).hasAttribute('disabled')).toBe(false), LOAD);
    const email = screen.getByRole('button', { name: /Continue with Email$/ });
    expect(alert.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('no alert without an error, nor for a code it does not know (the text is never echoed)', async () => {
    renderWithApi(<LoginPage />, googleConfigured, { at: '/login?error=%3Cb%3Eanything%3C%2Fb%3E' });
    await waitFor(() => expect(screen.getByRole('button', { name: /Continue with Google$/ }).hasAttribute('disabled')).toBe(false), LOAD);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toContain('anything');
  });

  it('without GOOGLE_* on the server, Google is disabled and says why', async () => {
    renderWithApi(<LoginPage />, ({ path }) => (path === '/api/auth/google/status' ? { body: { configured: false } } : undefined));
    const google = await screen.findByRole('button', { name: /Continue with Google$/ }, LOAD);
    expect(google.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(google.getAttribute('aria-describedby')!)?.textContent).toBe('Google sign-in is not available on this server yet.');
  });
});
