import { formatPhone, normalizePhone, phoneCountryOf } from './care-hub';

// How the Care Hub screens read and show numbers for a viewer: the region of the browser's language.
describe('phoneCountryOf', () => {
  it.each([
    ['en-US', 'US'],
    ['en-GB', 'GB'],
    ['es-MX', 'MX'],
    ['de-DE', 'DE'],
  ])('reads %s as %s', (tag, country) => {
    expect(phoneCountryOf(tag)).toBe(country);
  });

  it.each([['en'], [''], [undefined], ['not a tag!'], ['en-419']])('defaults to US for %p', (tag) => {
    expect(phoneCountryOf(tag)).toBe('US');
  });

  it('types and shows a national number in the viewer country, a foreign one internationally', () => {
    const gb = phoneCountryOf('en-GB');
    expect(normalizePhone('020 7946 0958', gb)).toBe('+442079460958');
    expect(formatPhone('+442079460958', gb)).toBe('020 7946 0958');
    expect(formatPhone('+12025550143', gb)).toBe('+1 202 555 0143');
  });
});
