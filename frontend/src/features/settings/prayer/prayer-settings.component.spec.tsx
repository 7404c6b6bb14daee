import { PRAYER_METHODS } from '@carecircle/libs';
import { act, screen, waitFor, within } from '@testing-library/react';
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

  it('the widget: current and next recomputed every 60 s, Isha before Fajr, the wrap after Isha', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-28T04:59:30Z'));
    deviceLocation('denied');
    renderWithApi(<PrayerSettings user={enabled} />, server);
    await waitFor(() => expect(moment()).toEqual(['Isha', 'Fajr at 5:00 AM']), LOAD);
    expect(within(widget()).getByRole('list', { name: 'Prayer times today' }).textContent).toBe('Fajr5:00 AMDhuhr12:00 PMAsr3:30 PMMaghrib6:00 PMIsha7:30 PM');
    expect(within(widget()).getByText('Based on your location · UTC')).toBeTruthy();

    act(() => vi.advanceTimersByTime(60_000));
    expect(moment()).toEqual(['Fajr', 'Dhuhr at 12:00 PM']);

    vi.setSystemTime(new Date('2026-11-28T19:29:30Z'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(moment()).toEqual(['Isha', 'Fajr at 5:00 AM']);
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
