import { TIMEZONE_OPTIONS } from '@carecircle/libs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, writes } from '../../../test-support/render-with-api';
import { answerUser, signedInUser } from '../../../test-support/settings-fixtures';
import { ProfilePanel } from './profile-panel';

const LOAD = { timeout: 30_000 };

const stored = signedInUser({ email: 'ana@example.test', firstName: 'Ana', lastName: 'Lopez', timezone: 'America/Los_Angeles' });

/** The fake server: each PATCH answers the user with what it was sent. */
const server = answerUser(stored);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const updateButton = () => screen.getByRole('button', { name: /Update Profile|Saving/ }) as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());

describe('ProfilePanel', () => {
  it('shows the stored profile: names, the email read-only, the spec’s zones; Update Profile waits for a change', async () => {
    renderWithApi(<ProfilePanel user={stored} />, server);
    expect(screen.getByRole('heading', { name: 'Ana Lopez' })).toBeTruthy();
    expect(field('First Name').value).toBe('Ana');
    expect(field('Last Name').value).toBe('Lopez');
    expect(field('Email').value).toBe('ana@example.test');
    expect(field('Email').disabled).toBe(true);
    const zone = field('Timezone');
    expect(zone.value).toBe('America/Los_Angeles');
    expect(Array.from(zone.options, (option) => [option.value, option.textContent])).toEqual(TIMEZONE_OPTIONS.map((option) => [option.value, option.label]));
    expect(screen.getByText('Affects when your daily tasks are scheduled and displayed.')).toBeTruthy();
    expect(updateButton().disabled).toBe(true);
    // The other parts of the tab stay.
    expect(screen.getByText('No Subscription')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Manage Care Recipients/ })).toBeTruthy();
  });

  it('saves changed names, trimmed, through PATCH /api/user/profile only', async () => {
    const user = userEvent.setup();
    const { sent } = renderWithApi(<ProfilePanel user={stored} />, server);
    await user.clear(field('First Name'));
    await user.type(field('First Name'), '  Maria ');
    await user.clear(field('Last Name'));
    await user.type(field('Last Name'), 'Silva');
    await user.click(updateButton());

    expect(await screen.findByText('Profile Updated', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('Your name was saved.')).toBeTruthy();
    expect(writes(sent)).toEqual([{ method: 'PATCH', path: '/api/user/profile', body: { firstName: 'Maria', lastName: 'Silva' } }]);
    expect(field('First Name').value).toBe('Maria');
  });

  it('saves a changed zone through PATCH /api/user/timezone only', async () => {
    const user = userEvent.setup();
    const { sent } = renderWithApi(<ProfilePanel user={stored} />, server);
    await user.selectOptions(field('Timezone'), 'Asia/Tokyo');
    await user.click(updateButton());

    expect(await screen.findByText('Timezone Updated', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('Your time zone is now Tokyo.')).toBeTruthy();
    expect(writes(sent)).toEqual([{ method: 'PATCH', path: '/api/user/timezone', body: { timezone: 'Asia/Tokyo' } }]);
  });

  it('saves names and zone together: both calls, one toast, Saving... meanwhile', async () => {
    const user = userEvent.setup();
    let answerProfile: () => void = () => {};
    const held = new Promise<void>((resolve) => (answerProfile = resolve));
    const { sent } = renderWithApi(<ProfilePanel user={stored} />, server);
    // Hold the first answer to see the pending state.
    const fetchStub = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((input instanceof Request ? input.url : String(input)).endsWith('/api/user/profile')) await held;
      return fetchStub(input, init);
    });
    await user.clear(field('Last Name'));
    await user.type(field('Last Name'), 'Silva');
    await user.selectOptions(field('Timezone'), 'Europe/Berlin');
    await user.click(updateButton());

    await waitFor(() => expect(updateButton().textContent).toBe('Saving...'));
    expect(updateButton().disabled).toBe(true);
    answerProfile();

    expect(await screen.findByText('Profile Updated', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('Your name and time zone (Berlin) were saved.')).toBeTruthy();
    expect(writes(sent)).toEqual([
      { method: 'PATCH', path: '/api/user/profile', body: { firstName: 'Ana', lastName: 'Silva' } },
      { method: 'PATCH', path: '/api/user/timezone', body: { timezone: 'Europe/Berlin' } },
    ]);
    await waitFor(() => expect(updateButton().textContent).toBe('Update Profile'));
  });

  it('a blank first or last name is refused as the server refuses it, and nothing is sent', async () => {
    const user = userEvent.setup();
    const { sent } = renderWithApi(<ProfilePanel user={stored} />, server);
    await user.clear(field('First Name'));
    await user.type(field('First Name'), '   ');
    await user.clear(field('Last Name'));
    await user.click(updateButton());

    expect(await screen.findByText('First name is required', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('names may be as long as the server stores (100 characters), no longer', () => {
    renderWithApi(<ProfilePanel user={stored} />, server);
    expect(field('First Name').maxLength).toBe(100);
    expect(field('Last Name').maxLength).toBe(100);
  });

  it('a refused save shows the server’s message under the field and in the toast, and keeps the draft', async () => {
    const user = userEvent.setup();
    renderWithApi(<ProfilePanel user={stored} />, ({ method }) =>
      method === 'PATCH'
        ? { status: 400, body: { statusCode: 400, message: 'First name is required', errors: [{ field: 'firstName', message: 'First name is required' }] } }
        : { body: stored },
    );
    await user.clear(field('First Name'));
    await user.type(field('First Name'), 'Maria');
    await user.click(updateButton());

    const toast = await screen.findByText('Error', {}, LOAD);
    expect(within(toast.closest('[role="alert"]') as HTMLElement).getByText('First name is required')).toBeTruthy();
    // antd shows a field's error on its next render, which may come after the toast's.
    await waitFor(() => expect(document.getElementById('settings-profile_firstName_help')?.textContent).toBe('First name is required'), LOAD);
    expect(field('First Name').value).toBe('Maria');
  });

  it('a stored zone that is not among the choices is shown as it is, and saving names leaves it alone', async () => {
    const user = userEvent.setup();
    const madrid = { ...stored, timezone: 'Europe/Madrid' };
    const { sent } = renderWithApi(<ProfilePanel user={madrid} />, server);
    expect(field('Timezone').value).toBe('Europe/Madrid');
    expect(field('Timezone').options[0].textContent).toBe('Europe/Madrid');
    expect(updateButton().disabled).toBe(true);

    await user.clear(field('Last Name'));
    await user.type(field('Last Name'), 'Silva');
    await user.click(updateButton());
    expect(await screen.findByText('Profile Updated', {}, LOAD)).toBeTruthy();
    expect(writes(sent).map((request) => request.path)).toEqual(['/api/user/profile']);
  });

  it('when the stored profile changes under it, unchanged fields follow and a changed one keeps the draft', async () => {
    const user = userEvent.setup();
    // The timezone sync stored the browser's zone; another device changed the last name.
    const elsewhere = { ...stored, timezone: 'America/New_York', lastName: 'Silva' };
    function Harness() {
      const [current, setCurrent] = useState(stored);
      return (
        <>
          <ProfilePanel user={current} />
          <button type="button" onClick={() => setCurrent(elsewhere)}>
            Changed elsewhere
          </button>
        </>
      );
    }
    renderWithApi(<Harness />, server);
    await user.clear(field('First Name'));
    await user.type(field('First Name'), 'Maria');
    await user.click(screen.getByRole('button', { name: 'Changed elsewhere' }));

    await waitFor(() => expect(field('Timezone').value).toBe('America/New_York'));
    expect(field('Last Name').value).toBe('Silva');
    expect(field('First Name').value).toBe('Maria');
  });
});
