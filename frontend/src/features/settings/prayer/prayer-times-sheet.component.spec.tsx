import { PRAYER_METHODS } from '@carecircle/libs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi, type SentRequest } from '../../../test-support/render-with-api';
import { coordinatesAsked as asked, deviceLocation, signedInUser } from '../../../test-support/settings-fixtures';
import { PrayerTimesSheet } from './prayer-times-sheet';

const LOAD = { timeout: 30_000 };

const user = signedInUser({ timezone: 'Africa/Cairo', enablePrayerTasks: true, prayerCalculationMethod: 5 });

/** The fake server: the day at the asked coordinates, Dhuhr next, Fajr and Sunrise passed. */
function server({ path }: SentRequest, place: { city: string | null; country: string | null } = { city: null, country: null }) {
  if (path.startsWith('/api/prayer-times/methods')) return { body: { success: true, data: PRAYER_METHODS } };
  const query = new URL(path, 'http://x').searchParams;
  const formatted = [
    { name: 'Fajr', timeFormatted: '5:10 AM', isNext: false, isPassed: true },
    { name: 'Sunrise', timeFormatted: '6:35 AM', isNext: false, isPassed: true },
    { name: 'Dhuhr', timeFormatted: '11:50 AM', isNext: true, isPassed: false },
    { name: 'Asr', timeFormatted: '2:45 PM', isNext: false, isPassed: false },
    { name: 'Maghrib', timeFormatted: '5:05 PM', isNext: false, isPassed: false },
    { name: 'Isha', timeFormatted: '6:25 PM', isNext: false, isPassed: false },
  ];
  const location = { ...place, latitude: Number(query.get('latitude')), longitude: Number(query.get('longitude')) };
  return { body: { success: true, data: { formatted, nextPrayer: { name: 'Dhuhr', time: '11:50 AM', minutesUntil: 135 }, date: { readable: '28 Nov 2026' }, location } } };
}

const sheet = () => screen.getByRole('dialog', { name: 'Prayer Times' });

afterEach(() => deviceLocation('none'));

describe('PrayerTimesSheet', () => {
  it('shows the date, the next prayer, the prayers but Sunrise with ticks and the Next badge, at the device’s position', async () => {
    deviceLocation({ latitude: 30.0444, longitude: 31.2357 });
    const { sent } = renderWithApi(<PrayerTimesSheet open onClose={() => {}} user={user} initialMethod={5} />, server);
    expect(await screen.findByText('28 Nov 2026', {}, LOAD)).toBeTruthy();
    const next = within(sheet()).getByRole('region', { name: 'Next prayer' });
    expect(next.textContent).toContain('Dhuhr');
    expect(next.textContent).toContain('11:50 AM · in 2h 15m');
    const rows = within(within(sheet()).getByRole('list', { name: 'Prayers' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Fajr5:10 AM', 'DhuhrNext11:50 AM', 'Asr2:45 PM', 'Maghrib5:05 PM', 'Isha6:25 PM']);
    expect(within(rows[0]).getByRole('img', { name: 'passed' })).toBeTruthy();
    expect(within(rows[1]).queryByRole('img', { name: 'passed' })).toBeNull();
    expect(within(sheet()).getByText('30.04, 31.24')).toBeTruthy();
    expect(within(sheet()).queryByText('Default')).toBeNull();
    expect(asked(sent)).toEqual([{ latitude: '30.0444', longitude: '31.2357', method: '5', timezone: 'Africa/Cairo' }]);
  });

  it('the method selector asks again by the chosen method', async () => {
    const caregiver = userEvent.setup();
    deviceLocation({ latitude: 30.0444, longitude: 31.2357 });
    const { sent } = renderWithApi(<PrayerTimesSheet open onClose={() => {}} user={user} initialMethod={5} />, server);
    await screen.findByText('28 Nov 2026', {}, LOAD);
    const select = within(sheet()).getByLabelText('Calculation Method') as HTMLSelectElement;
    expect(select.value).toBe('5');
    await caregiver.selectOptions(select, '3');
    await waitFor(() => expect(asked(sent).map((q) => q.method)).toEqual(['5', '3']), LOAD);
  });

  it('city and country when the server names them', async () => {
    deviceLocation({ latitude: 30.0444, longitude: 31.2357 });
    renderWithApi(<PrayerTimesSheet open onClose={() => {}} user={user} initialMethod={5} />, (request) => server(request, { city: 'Cairo', country: 'Egypt' }));
    expect(await screen.findByText('Cairo, Egypt', {}, LOAD)).toBeTruthy();
  });

  it('a refused location: the default location, marked Default, and why', async () => {
    deviceLocation('denied');
    const { sent } = renderWithApi(<PrayerTimesSheet open onClose={() => {}} user={user} initialMethod={5} />, server);
    expect(await screen.findByText('Unable to get location. Using default location.', {}, LOAD)).toBeTruthy();
    expect(within(sheet()).getByText('Default')).toBeTruthy();
    expect(within(sheet()).getByText('40.71, -74.01')).toBeTruthy();
    expect(asked(sent)).toEqual([{ latitude: '40.7128', longitude: '-74.006', method: '5', timezone: 'Africa/Cairo' }]);
  });

  it('no geolocation in the browser: the default location, marked Default, and why', async () => {
    deviceLocation('none');
    renderWithApi(<PrayerTimesSheet open onClose={() => {}} user={user} initialMethod={5} />, server);
    expect(await screen.findByText('Geolocation not supported. Using default location.', {}, LOAD)).toBeTruthy();
    expect(within(sheet()).getByText('Default')).toBeTruthy();
  });

  it('Loading prayer times... then Unable to load prayer times when the server fails', async () => {
    deviceLocation('denied');
    renderWithApi(<PrayerTimesSheet open onClose={() => {}} user={user} initialMethod={5} />, (request) =>
      request.path.startsWith('/api/prayer-times/coordinates') ? { status: 503, body: { message: 'down' } } : server(request),
    );
    expect(screen.getByText('Loading prayer times...')).toBeTruthy();
    expect(await screen.findByText('Unable to load prayer times', {}, LOAD)).toBeTruthy();
    expect(within(sheet()).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
