import { PRAYER_METHODS } from '@carecircle/libs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, writes, type SentRequest } from '../../../test-support/render-with-api';
import { answerUser, coordinatesAsked, deviceLocation, signedInUser } from '../../../test-support/settings-fixtures';
import { PrayerSettings } from './prayer-settings';

const LOAD = { timeout: 30_000 };

const stored = signedInUser({ timezone: 'UTC', enablePrayerTasks: false, prayerCalculationMethod: 2 });
const enabled = { ...stored, enablePrayerTasks: true };

const DAY = [
  ['Fajr', '5:00 AM'],
  ['Sunrise', '6:30 AM'],
  ['Dhuhr', '12:00 PM'],
  ['Asr', '3:30 PM'],
  ['Maghrib', '6:00 PM'],
  ['Isha', '7:30 PM'],
] as const;

/** The fake server: the day's times for any coordinates, the methods, and PATCH answering the user it was sent. */
function server(request: SentRequest) {
  const { path } = request;
  if (path.startsWith('/api/prayer-times/methods')) return { body: { success: true, data: PRAYER_METHODS } };
  if (path.startsWith('/api/prayer-times/coordinates')) {
    const formatted = DAY.map(([name, timeFormatted]) => ({ name, timeFormatted, isNext: false, isPassed: false }));
    return { body: { success: true, data: { formatted, nextPrayer: { name: 'Fajr', time: '5:00 AM', minutesUntil: 60 }, date: { readable: '28 Nov 2026' }, location: { city: null, country: null, latitude: 1, longitude: 2 } } } };
  }
  return answerUser(stored)(request);
}

/**
 * Cairo's day (2026-11-28) as the server answers it for a New York profile: the instants of the
 * prayers, formatted on New York's clock, passed and next by the instant at the (fake) clock's now.
 */
const CAIRO_IN_NEW_YORK = [
  ['Fajr', '2026-11-28T02:50:00Z', '9:50 PM'],
  ['Sunrise', '2026-11-28T04:18:00Z', '11:18 PM'],
  ['Dhuhr', '2026-11-28T09:40:00Z', '4:40 AM'],
  ['Asr', '2026-11-28T12:35:00Z', '7:35 AM'],
  ['Maghrib', '2026-11-28T14:59:00Z', '9:59 AM'],
  ['Isha', '2026-11-28T16:19:00Z', '11:19 AM'],
] as const;
const NEXT_FAJR = { at: '2026-11-29T02:51:00Z', text: '9:51 PM' };

function farServer(request: SentRequest) {
  if (!request.path.startsWith('/api/prayer-times/coordinates')) return server(request);
  const now = Date.now();
  const next = CAIRO_IN_NEW_YORK.find(([name, at]) => name !== 'Sunrise' && Date.parse(at) > now);
  const formatted = CAIRO_IN_NEW_YORK.map(([name, at, timeFormatted]) => ({ name, timeFormatted, isNext: name === next?.[0], isPassed: Date.parse(at) <= now }));
  const [name, at, time] = next ?? ['Fajr', NEXT_FAJR.at, NEXT_FAJR.text];
  const nextPrayer = { name, time, minutesUntil: Math.ceil((Date.parse(at) - now) / 60_000) };
  return { body: { success: true, data: { formatted, nextPrayer, date: { readable: '28 Nov 2026' }, location: { city: null, country: null, latitude: 30.0444, longitude: 31.2357 } } } };
}

const widget = () => screen.getByRole('region', { name: "Today's Prayer Times" });
const moment = () => Array.from(widget().querySelectorAll('dd'), (dd) => dd.textContent);

afterEach(() => {
  vi.useRealTimers();
  deviceLocation('none');
});

describe('PrayerSettings', () => {
  it('is collapsed while disabled; Enable without a device location sends enablePrayerTasks only', async () => {
    const user = userEvent.setup();
    deviceLocation('denied');
    const { sent } = renderWithApi(<PrayerSettings user={stored} />, server);
    const toggle = screen.getByRole('button', { name: 'Prayer Settings' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.queryByLabelText('Calculation Method')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Prayer Settings Updated', {}, LOAD)).toBeTruthy();
    expect(writes(sent)).toEqual([{ method: 'PATCH', path: '/api/user/prayer-settings', body: { enablePrayerTasks: true } }]);
  });

  it('Enable with the device’s position sends it along', async () => {
    const user = userEvent.setup();
    deviceLocation({ latitude: 21.4225, longitude: 39.8262 });
    const { sent } = renderWithApi(<PrayerSettings user={stored} />, server);
    await user.click(screen.getByRole('button', { name: 'Prayer Settings' }));
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Prayer Settings Updated', {}, LOAD)).toBeTruthy();
    expect(writes(sent)).toEqual([{ method: 'PATCH', path: '/api/user/prayer-settings', body: { enablePrayerTasks: true, latitude: 21.4225, longitude: 39.8262 } }]);
  });

  it('when enabled: the five methods, a changed method saved and previewed, and Disable', async () => {
    const user = userEvent.setup();
    deviceLocation({ latitude: 30.0444, longitude: 31.2357 });
    const { sent } = renderWithApi(<PrayerSettings user={enabled} />, server);
    const select = screen.getByLabelText('Calculation Method') as HTMLSelectElement;
    await waitFor(() => expect(Array.from(select.options, (o) => o.textContent)).toEqual(['Karachi', 'North America', 'Muslim World League', 'Makkah (Umm Al-Qura)', 'Egyptian']), LOAD);
    expect(select.value).toBe('2');
    await waitFor(() => expect(coordinatesAsked(sent)).toContainEqual({ latitude: '30.0444', longitude: '31.2357', method: '2', timezone: 'UTC' }), LOAD);

    await user.selectOptions(select, '5');
    expect(await screen.findByText('Prayer Settings Updated', {}, LOAD)).toBeTruthy();
    expect(writes(sent)).toEqual([{ method: 'PATCH', path: '/api/user/prayer-settings', body: { prayerCalculationMethod: 5 } }]);
    await waitFor(() => expect(coordinatesAsked(sent)).toContainEqual({ latitude: '30.0444', longitude: '31.2357', method: '5', timezone: 'UTC' }), LOAD);

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(2), LOAD);
    expect(writes(sent)[1].body).toEqual({ enablePrayerTasks: false });
  });

  it('the preview asks for the stored location when there is one, else the default location when the device has none', async () => {
    deviceLocation('none');
    const { sent, unmount } = renderWithApi(<PrayerSettings user={enabled} />, server);
    await waitFor(() => expect(coordinatesAsked(sent)).toContainEqual({ latitude: '40.7128', longitude: '-74.006', method: '2', timezone: 'UTC' }), LOAD);
    unmount();
    const second = renderWithApi(<PrayerSettings user={{ ...enabled, latitude: '51.50000000', longitude: '-0.12000000' }} />, server);
    await waitFor(() => expect(coordinatesAsked(second.sent)).toContainEqual({ latitude: '51.5', longitude: '-0.12', method: '2', timezone: 'UTC' }), LOAD);
  });

  it('the widget and the Prayer Times sheet show the same times, current and next for a location far from the zone (Cairo, New York profile)', async () => {
    const caregiver = userEvent.setup();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T13:00:00Z')); // 8:00 AM in New York, 3 PM in Cairo
    deviceLocation({ latitude: 30.0444, longitude: 31.2357 });
    renderWithApi(<PrayerSettings user={{ ...enabled, timezone: 'America/New_York' }} />, farServer);
    // Cairo's Fajr falls before New York's midnight: read as clock times, Dhuhr and Asr would have begun and Fajr would be next.
    await waitFor(() => expect(moment()).toEqual(['Asr', 'Maghrib at 9:59 AM']), LOAD);
    const widgetRows = within(within(widget()).getByRole('list', { name: 'Prayer times today' })).getAllByRole('listitem');
    expect(widgetRows.map((row) => row.textContent)).toEqual(['Fajr9:50 PM', 'Dhuhr4:40 AM', 'Asr7:35 AM', 'Maghrib9:59 AM', 'Isha11:19 AM']);
    expect(widget().querySelector('.prayer-widget__time--next')?.textContent).toBe('Maghrib9:59 AM');

    await caregiver.click(within(widget()).getByRole('button', { name: 'Prayer times' }));
    const sheet = await screen.findByRole('dialog', { name: 'Prayer Times' }, LOAD);
    await within(sheet).findByText('28 Nov 2026', {}, LOAD);
    expect(within(sheet).getByRole('region', { name: 'Next prayer' }).textContent).toContain('Maghrib9:59 AM · in 1h 59m');
    const sheetRows = within(within(sheet).getByRole('list', { name: 'Prayers' })).getAllByRole('listitem');
    expect(sheetRows.map((row) => row.textContent)).toEqual(['Fajr9:50 PM', 'Dhuhr4:40 AM', 'Asr7:35 AM', 'MaghribNext9:59 AM', 'Isha11:19 AM']);
    expect(sheetRows.map((row) => !!within(row).queryByRole('img', { name: 'passed' }))).toEqual([true, true, true, false, false]);

    // After Isha (noon in New York): the current is Isha, the next the next day's Fajr, in both.
    vi.setSystemTime(new Date('2026-11-28T17:00:00Z'));
    await caregiver.click(within(widget()).getByRole('button', { name: 'Refresh prayer times' }));
    await waitFor(() => expect(moment()).toEqual(['Isha', 'Fajr at 9:51 PM']), LOAD);
    expect(within(sheet).getByRole('region', { name: 'Next prayer' }).textContent).toContain('Fajr9:51 PM · in 9h 51m');

    // Before Fajr (9 PM in New York): the current is (last night's) Isha, the next Fajr.
    vi.setSystemTime(new Date('2026-11-28T02:00:00Z'));
    await caregiver.click(within(widget()).getByRole('button', { name: 'Refresh prayer times' }));
    await waitFor(() => expect(moment()).toEqual(['Isha', 'Fajr at 9:50 PM']), LOAD);
    expect(within(sheet).getByRole('region', { name: 'Next prayer' }).textContent).toContain('Fajr9:50 PM · in 50m');
  });

  it('the widget: Unable to load prayer times with Retry, which asks again', async () => {
    const user = userEvent.setup();
    deviceLocation('denied');
    let failing = true;
    const { sent } = renderWithApi(<PrayerSettings user={enabled} />, (request) =>
      failing && request.path.startsWith('/api/prayer-times/coordinates') ? { status: 500, body: { message: 'down' } } : server(request),
    );
    expect(await screen.findByText('Unable to load prayer times', {}, LOAD)).toBeTruthy();
    // Tried, then retried twice.
    expect(coordinatesAsked(sent)).toHaveLength(3);
    failing = false;
    await user.click(within(widget()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(moment()).toHaveLength(2), LOAD);
  });
});
