import { isIanaTimeZone, TIMEZONE_OPTIONS } from './schema';
import { joinFullName, splitFullName } from './care-recipients';

describe('time zones', () => {
  it('accepts every profile option and other IANA zones', () => {
    for (const option of TIMEZONE_OPTIONS) expect(isIanaTimeZone(option.value)).toBe(true);
    expect(isIanaTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
  });

  it.each(['', 'Pacific Time', 'Mars/Olympus_Mons', 'Europe/' + 'x'.repeat(50)])('refuses %p', (zone) => {
    expect(isIanaTimeZone(zone)).toBe(false);
  });

  it('answers the same when asked again (valid zones are remembered, up to a bound), invalid ones included', () => {
    for (let i = 0; i < 3; i++) {
      expect(isIanaTimeZone('Europe/Berlin')).toBe(true);
      expect(isIanaTimeZone('europe/berlin')).toBe(true);
      expect(isIanaTimeZone('Europe/Berlim')).toBe(false);
    }
  });
});

describe('names', () => {
  it('splits a full name: the last word is the last name', () => {
    expect(splitFullName('Maya Rose Lopez')).toEqual({ firstName: 'Maya Rose', lastName: 'Lopez' });
    expect(splitFullName('  Grandma  ')).toEqual({ firstName: 'Grandma', lastName: '' });
    expect(splitFullName('')).toEqual({ firstName: '', lastName: '' });
  });

  it('joins first and last name with one space', () => {
    expect(joinFullName(' Maya ', 'Lopez')).toBe('Maya Lopez');
    expect(joinFullName('Grandma', '')).toBe('Grandma');
  });
});
