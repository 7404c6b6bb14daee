import { GOOGLE_SIGN_IN_ERRORS } from '@carecircle/libs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

describe('LoginPage, passkeys (the WebAuthn library loads at the tap)', () => {
  it('offers a passkey first where the browser supports them; a refused challenge says why, and the buttons come back', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    renderWithApi(<LoginPage />, (request) =>
      request.path === '/api/webauthn/authenticate/begin'
        ? { status: 400, body: { statusCode: 400, message: 'Passkey sign-in is not available right now.' } }
        : googleConfigured(request),
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons[0].textContent).toBe('Sign in with a passkey');
    fireEvent.click(buttons[0]);
    expect(await screen.findByText('Authentication failed', {}, LOAD)).toBeTruthy();
    expect(await screen.findByText('Passkey sign-in is not available right now.', {}, LOAD)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Email' }).hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' }).hasAttribute('aria-busy')).toBe(false);
  });
});
