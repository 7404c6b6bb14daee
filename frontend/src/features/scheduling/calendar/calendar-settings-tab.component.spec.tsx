import { CALENDAR_MESSAGES, GOOGLE_CONNECT_OUTCOMES, type CalendarStatus } from '@carecircle/libs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, writes, type SentRequest } from '../../../test-support/render-with-api';
import { CalendarSettingsTab } from './calendar-settings-tab';

const LOAD = { timeout: 30_000 };

const status = (google: Partial<CalendarStatus['google']>): CalendarStatus => ({
  google: { configured: true, available: true, connected: false, needsReconnect: false, lastSyncAt: null, ...google },
  feedUrl: null,
  feed: null,
});

/** The fake server: status as given (disconnect makes it not connected), an empty week, sync's answer. */
function server(initial: CalendarStatus) {
  let current = initial;
  return ({ method, path }: SentRequest) => {
    if (method === 'DELETE' && path === '/api/calendar/google') {
      current = status({ connected: false });
      return {}; // (the server's 204: the test helper's Response cannot carry a 204 with its empty body)
    }
    if (method === 'POST' && path === '/api/calendar/sync') return { body: { created: 1, updated: 0, deleted: 0, lastSyncAt: '2026-11-28T12:00:00.000Z' } };
    if (path === '/api/calendar/status') return { body: current };
    if (path.startsWith('/api/calendar/upcoming')) return { body: { items: [], total: 0 } };
    return undefined;
  };
}

const card = () => screen.getByRole('heading', { name: 'Google Calendar' }).closest('.calendar-card') as HTMLElement;
/** By the button's text (antd's icon adds its own label to the accessible name). */
const button = (text: string) => within(card()).getByRole('button', { name: new RegExp(`${text}$`) }) as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());

describe('CalendarSettingsTab, Google card', () => {
  it('configured but not connected: Connect is offered, Sync Calendar waits for a connection and says why', async () => {
    renderWithApi(<CalendarSettingsTab />, server(status({})));
    await waitFor(() => expect(button('Connect Google Calendar').disabled).toBe(false), LOAD);
    const sync = button('Sync Calendar');
    expect(sync.disabled).toBe(true);
    expect(document.getElementById(sync.getAttribute('aria-describedby')!)?.textContent).toMatch(/^Connect your Google Calendar/);
    expect(within(card()).queryByRole('button', { name: /Disconnect$/ })).toBeNull();
  });

  it('connected: says when it last synced, syncs, and disconnects (the card then offers Connect again)', async () => {
    const { sent } = renderWithApi(<CalendarSettingsTab />, server(status({ connected: true, lastSyncAt: '2026-11-27T15:30:00.000Z' })));
    await waitFor(() => expect(within(card()).getByText(/^Connected\. Last synced /)).toBeTruthy(), LOAD);
    expect(within(card()).queryByRole('button', { name: /Connect Google Calendar$/ })).toBeNull();

    await userEvent.click(button('Sync Calendar'));
    await waitFor(() => expect(screen.getByText('Calendar Synced')).toBeTruthy(), LOAD);

    await userEvent.click(button('Disconnect'));
    await waitFor(() => expect(writes(sent).length).toBe(2), LOAD);
    await waitFor(() => expect(button('Connect Google Calendar')).toBeTruthy(), LOAD);
    expect(writes(sent).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/calendar/sync', 'DELETE /api/calendar/google']);
  });

  it('Google refused the grant: says to reconnect, offers Connect again, and Sync waits for it', async () => {
    renderWithApi(<CalendarSettingsTab />, server(status({ connected: true, needsReconnect: true, lastSyncAt: '2026-11-27T15:30:00.000Z' })));
    await waitFor(() => expect(within(card()).getByText(CALENDAR_MESSAGES.needsReconnect)).toBeTruthy(), LOAD);
    expect(button('Reconnect Google Calendar').disabled).toBe(false);
    expect(button('Disconnect')).toBeTruthy();
    const sync = button('Sync Calendar');
    expect(sync.disabled).toBe(true);
    expect(document.getElementById(sync.getAttribute('aria-describedby')!)?.textContent).toContain(CALENDAR_MESSAGES.needsReconnect);
  });

  it('not configured on this server: both buttons disabled with the server’s reason', async () => {
    renderWithApi(<CalendarSettingsTab />, server(status({ configured: false, available: false })));
    await waitFor(() => expect(within(card()).getByText('Calendar sync is not configured on this server')).toBeTruthy(), LOAD);
    expect(button('Connect Google Calendar').disabled).toBe(true);
    expect(button('Sync Calendar').disabled).toBe(true);
    expect(button('Sync Calendar').getAttribute('aria-describedby')).toBe('calendar-not-configured');
  });
});

/** Where the router is now (the outcome is dropped from the address once said). */
function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

describe('CalendarSettingsTab, back from Google’s consent (?google=<outcome>)', () => {
  it.each(Object.entries(GOOGLE_CONNECT_OUTCOMES))('%s: says so once, then drops the outcome from the address', async (outcome, said) => {
    renderWithApi(
      <>
        <CalendarSettingsTab />
        <Address />
      </>,
      server(status({ connected: outcome === 'connected' })),
      { at: `/settings?tab=calendar&google=${outcome}` },
    );
    await waitFor(() => expect(screen.getByText(said.description)).toBeTruthy(), LOAD);
    expect(screen.getAllByText(said.title).length).toBe(1);
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/settings?tab=calendar'), LOAD);
  });
});
