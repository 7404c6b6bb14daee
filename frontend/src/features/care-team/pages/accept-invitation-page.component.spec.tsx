import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { renderWithApi, writes, type SentRequest } from '../../../test-support/render-with-api';
import { AcceptInvitationPage, INVITATION_TEXT } from './accept-invitation-page';

const SIGNED_IN = { isLoading: false, isAuthenticated: true };
const ACCEPT = '/api/caregiver-invitations/tok-1/accept';

afterEach(() => vi.unstubAllGlobals());

function renderPage(auth: { isLoading: boolean; isAuthenticated: boolean }, answer?: (request: SentRequest) => { status?: number; body?: unknown } | undefined, token = 'tok-1') {
  return renderWithApi(
    <Routes>
      <Route path="/accept-invitation/*" element={<AcceptInvitationPage token={token} auth={auth} />} />
      <Route path="/" element={<p>Today</p>} />
    </Routes>,
    answer,
    { at: '/accept-invitation/tok-1' },
  );
}

describe('AcceptInvitationPage (/accept-invitation/{token}) without antd', () => {
  it('while the session is checked: a status, and nothing is accepted yet', () => {
    const { sent } = renderPage({ isLoading: true, isAuthenticated: false });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(INVITATION_TEXT.title);
    expect(screen.getByText(INVITATION_TEXT.subtitle)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Accepting the invitation...');
    expect(writes(sent)).toEqual([]);
  });

  it('signed out: asks to sign in, with a link that comes back here', () => {
    const { sent } = renderPage({ isLoading: false, isAuthenticated: false });
    expect(screen.getByText(INVITATION_TEXT.requiresLogin)).toBeTruthy();
    const link = screen.getByRole('link', { name: INVITATION_TEXT.signIn });
    expect(link.getAttribute('href')).toBe('/login?next=%2Faccept-invitation%2Ftok-1');
    expect(writes(sent)).toEqual([]);
  });

  it('signed in: accepts once, says what she can do, and Go to Today goes home', async () => {
    const { sent } = renderPage(SIGNED_IN, ({ path }) => (path === ACCEPT ? { body: { message: 'ok' } } : undefined));
    const status = await screen.findByText('You joined the care team.');
    expect(status.closest('[role="status"]')).toBeTruthy();
    for (const item of ['View overdue task notifications', 'Access emergency contact information', 'Stay informed about important care updates']) {
      expect(screen.getByText(item)).toBeTruthy();
    }
    expect(writes(sent)).toEqual([{ method: 'POST', path: ACCEPT, body: undefined }]);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Go to Today' })));
    expect(await screen.findByText('Today')).toBeTruthy();
  });

  it("a refused invitation: the server's message in an alert, the common reasons and Try Signing In", async () => {
    renderPage(SIGNED_IN, ({ path }) => (path === ACCEPT ? { status: 409, body: { statusCode: 409, message: 'This invitation has already been accepted.' } } : undefined));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This invitation has already been accepted.');
    expect(alert.textContent).toContain('The invitation expired (invitations last 7 days)');
    expect(screen.getByRole('link', { name: 'Try Signing In' }).getAttribute('href')).toBe('/login?next=%2Faccept-invitation%2Ftok-1');
  });

  it('a link without its token: Invalid invitation link, nothing sent', async () => {
    const { sent } = renderPage(SIGNED_IN, undefined, '');
    expect((await screen.findByRole('alert')).textContent).toContain(INVITATION_TEXT.invalidLink);
    expect(writes(sent)).toEqual([]);
  });

  it('no connection: asks to try again', async () => {
    renderPage(SIGNED_IN, () => {
      throw new TypeError('Failed to fetch');
    });
    // After the API layer's two retries (400 and 800 ms later).
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.querySelector('.invitation__result')?.textContent?.trim()).toBe(INVITATION_TEXT.networkFailed);
  });
});
