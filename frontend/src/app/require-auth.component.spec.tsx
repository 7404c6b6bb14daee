import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '../test-support/render-with-api';
import { RequireAuth } from './require-auth';

const LOAD = { timeout: 30_000 };
const USER = { id: 'u1', email: 'ana@example.test', firstName: 'Ana', lastName: 'Silva', role: 'primary_caregiver', timezone: 'America/New_York' };

function Where() {
  const { pathname, search } = useLocation();
  return <p>at {pathname + search}</p>;
}

const routes = (
  <Routes>
    <Route path="/calendar" element={<RequireAuth>Calendar for the caregiver</RequireAuth>} />
    <Route path="*" element={<Where />} />
  </Routes>
);

// The server's readable signed-in hint (features/identity/api.ts): without it the user is not asked.
const setSessionHint = (present: boolean) => (document.cookie = present ? 'cc.signed-in=1; path=/' : 'cc.signed-in=; path=/; max-age=0');
afterEach(() => setSessionHint(false));

describe('RequireAuth', () => {
  // Its first render comes before the user is asked: that counts as loading, not as signed out
  // (use-auth.ts selects from the query's result, which must keep RTK Query's "not started is loading").
  it('waits for the session check, then shows the signed-in page', async () => {
    setSessionHint(true);
    const { sent } = renderWithApi(routes, ({ path }) => (path === '/api/auth/user' ? { body: USER } : undefined), { at: '/calendar' });
    expect(await screen.findByText('Calendar for the caregiver', {}, LOAD)).toBeTruthy();
    expect(sent.map(({ path }) => path)).toEqual(['/api/auth/user']);
  });

  it('sends a visitor whose session has ended to sign in, with the way back', async () => {
    setSessionHint(true);
    renderWithApi(routes, ({ path }) => (path === '/api/auth/user' ? { status: 401, body: { statusCode: 401, message: 'Unauthorized' } } : undefined), { at: '/calendar' });
    expect(await screen.findByText('at /login?next=%2Fcalendar', {}, LOAD)).toBeTruthy();
  });
});
