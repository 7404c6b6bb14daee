import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithApi, writes, type SentRequest } from '../../../test-support/render-with-api';
import EmailSignInPage from './email-sign-in-page';

const USER = { id: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Silva', role: 'parent' };

afterEach(() => vi.unstubAllGlobals());

/** Where the page went after signing in. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p>Landed at {pathname + search}</p>;
}

function renderPage(answer: (request: SentRequest) => { status?: number; body?: unknown } | undefined = () => undefined, at = '/login/email', invitedEmail?: string) {
  return renderWithApi(
    <Routes>
      <Route path="/login/email" element={<EmailSignInPage invitedEmail={invitedEmail} />} />
      <Route path="*" element={<Landed />} />
    </Routes>,
    answer,
    { at },
  );
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = (name: string) => act(() => fireEvent.click(screen.getByRole('button', { name })));
/** The messages shown under a field, read from what its aria-describedby points at. */
const errorsOf = (label: string) =>
  (field(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-errors'))
    .flatMap((id) => [...document.getElementById(id)!.children].map((child) => child.textContent));

describe('EmailSignInPage (/login/email): the form without antd keeps its rules and words', () => {
  it('signing in with nothing typed: both fields say what is missing, the first has the focus, nothing is sent', async () => {
    const { sent } = renderPage();
    await submit('Sign In');
    expect(errorsOf('Email')).toEqual(['Please enter your email']);
    expect(errorsOf('Password')).toEqual(['Please enter your password']);
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Email'));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(writes(sent)).toEqual([]);
  });

  it('a field shows its error once changed, before any submit, and loses it when put right', () => {
    renderPage();
    type('Email', 'ana@');
    expect(errorsOf('Email')).toEqual(['Please enter a valid email address']);
    expect(errorsOf('Password')).toEqual([]);
    type('Email', '');
    expect(errorsOf('Email')).toEqual(['Please enter your email']);
    type('Email', 'ana@example.com');
    expect(errorsOf('Email')).toEqual([]);
    expect(field('Email').hasAttribute('aria-invalid')).toBe(false);
  });

  it('creating an account asks for the names and a password of 8 to 128 characters', async () => {
    const { sent } = renderPage();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Create an account' })));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create your account');
    expect(screen.getByText('8 to 128 characters')).toBeTruthy();
    type('First name', '   ');
    type('Email', 'ana@example.com');
    type('Password', 'short');
    await submit('Create Account');
    expect(errorsOf('First name')).toEqual(['Please enter your first name']);
    expect(errorsOf('Last name')).toEqual(['Please enter your last name']);
    expect(errorsOf('Password')).toEqual(['Password must be at least 8 characters']);
    type('Password', 'x'.repeat(129));
    expect(errorsOf('Password')).toEqual(['Password must be at most 128 characters']);
    expect(document.activeElement).toBe(field('First name'));
    expect(writes(sent)).toEqual([]);
  });

  it('signs in with the trimmed email and goes to `next`', async () => {
    const { sent } = renderPage(({ path }) => (path === '/api/auth/login' ? { body: USER } : undefined), '/login/email?next=%2Fsettings%3Ftab%3Daccount');
    type('Email', '  ana@example.com ');
    type('Password', 'correct horse');
    await submit('Sign In');
    await screen.findByText('Landed at /settings?tab=account');
    expect(writes(sent)).toEqual([{ method: 'POST', path: '/api/auth/login', body: { email: 'ana@example.com', password: 'correct horse' } }]);
  });

  it('creates the account with trimmed names and goes home when `next` is another site', async () => {
    const { sent } = renderPage(({ path }) => (path === '/api/auth/register' ? { status: 201, body: USER } : undefined), '/login/email?next=//evil.example/');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Create an account' })));
    type('First name', ' Ana ');
    type('Last name', 'Silva');
    type('Email', 'ana@example.com');
    type('Password', 'correct horse');
    await submit('Create Account');
    await screen.findByText('Landed at /');
    expect(writes(sent)).toEqual([
      { method: 'POST', path: '/api/auth/register', body: { email: 'ana@example.com', password: 'correct horse', firstName: 'Ana', lastName: 'Silva' } },
    ]);
  });

  it("shows the server's message above the form and stays; switching mode clears it", async () => {
    renderPage(({ path }) => (path === '/api/auth/login' ? { status: 401, body: { statusCode: 401, message: 'Invalid email or password' } } : undefined));
    type('Email', 'ana@example.com');
    type('Password', 'wrong password');
    await submit('Sign In');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
    expect(alert.compareDocumentPosition(field('Email')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/^Landed at/)).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Create an account' })));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the connection failed when the server cannot be reached', async () => {
    renderPage();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    type('Email', 'ana@example.com');
    type('Password', 'correct horse');
    await submit('Sign In');
    // After the API layer's two retries (400 and 800 ms later).
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toBe('Could not reach CareCircle. Check your connection and try again.');
  });

  it('while signing in, the fields are disabled and the button says so', async () => {
    let answer: (value: Response) => void = () => undefined;
    renderPage();
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    type('Email', 'ana@example.com');
    type('Password', 'correct horse');
    await submit('Sign In');
    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(field('Email').matches(':disabled')).toBe(true);
    await act(async () => answer(new Response(JSON.stringify(USER), { status: 200, headers: { 'content-type': 'application/json' } })));
    await screen.findByText('Landed at /');
  });

  it('starts with the invited address, which stays editable; the password can be shown', async () => {
    renderPage(undefined, '/login/email', 'grace@example.com');
    await waitFor(() => expect(field('Email').value).toBe('grace@example.com'));
    type('Email', 'grace.kim@example.com');
    expect(field('Email').value).toBe('grace.kim@example.com');
    const show = screen.getByRole('button', { name: 'Show' });
    expect(field('Password').type).toBe('password');
    act(() => fireEvent.click(show));
    expect(field('Password').type).toBe('text');
    expect(show.getAttribute('aria-pressed')).toBe('true');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Other ways to sign in' }).getAttribute('href')).toBe('/login');
  });
});
