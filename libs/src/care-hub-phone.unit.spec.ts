import { formatPhone, normalizePhone, PHONE_EXTENSION_MAX, PHONE_TEXT, readPhone, telHref } from './care-hub';

// A person's phone number (emergency contacts, doctors, family support): what is kept, shown and
// dialled, and what is refused with which message. Hotlines do not go through these rules.
describe('readPhone: extensions are kept', () => {
  it.each([
    '415.555.0134 ext 12',
    '415.555.0134 ext. 12',
    '415.555.0134 EXT12',
    '415.555.0134 extn 12',
    '415.555.0134 extension 12',
    '415.555.0134 x12',
    '415.555.0134 X 12',
    '415.555.0134 #12',
    '415.555.0134,12',
    '415-555-0134 , 12',
    '(415) 555-0134 ext. 12',
    '+1 415 555 0134 ext. 12',
    '+14155550134;ext=12',
  ])('%p is +14155550134;ext=12', (typed) => {
    expect(readPhone(typed)).toEqual({ ok: true, phone: '+14155550134;ext=12' });
  });

  it(`keeps up to ${PHONE_EXTENSION_MAX} digits, and a number without one as plain E.164`, () => {
    expect(normalizePhone('415 555 0134 x123456')).toBe('+14155550134;ext=123456');
    expect(normalizePhone('(202) 555-0143')).toBe('+12025550143');
    expect(normalizePhone('+44 20 7946 0958 ext 5')).toBe('+442079460958;ext=5');
  });

  it('shows it in the viewer\'s format as "ext. 12" and dials it after a pause', () => {
    expect(formatPhone('+14155550134;ext=12')).toBe('(415) 555-0134 ext. 12');
    expect(formatPhone('+14155550134;ext=12', 'GB')).toBe('+1 415 555 0134 ext. 12');
    expect(formatPhone('+442079460958;ext=5', 'GB')).toBe('020 7946 0958 ext. 5');
    expect(telHref('+14155550134;ext=12')).toBe('tel:+14155550134,12');
    expect(telHref('+14155550134')).toBe('tel:+14155550134');
    expect(telHref('911')).toBe('tel:911');
  });

  it('the shown form reads back to the stored one (the edit dialog is filled with it)', () => {
    for (const stored of ['+14155550134;ext=12', '+442079460958;ext=5', '+12025550143']) {
      expect(normalizePhone(formatPhone(stored))).toBe(stored);
      expect(normalizePhone(formatPhone(stored, 'GB'), 'GB')).toBe(stored);
    }
  });
});

describe('readPhone: refusals say why', () => {
  it.each(['911', '112', '999', '000', '988', '311', '211', '+1 911', '11 2', '1234', '911 ext 12'])(
    'short code %p is not a person\'s number',
    (typed) => {
      expect(readPhone(typed)).toEqual({ ok: false, message: PHONE_TEXT.shortCode });
    },
  );

  it.each([
    ['an empty extension', '415.555.0134 ext'],
    ['a mark with nothing after it', '415.555.0134 x'],
    ['"ext." with spaces only', '415.555.0134 ext.   '],
    ['7 digits', '415.555.0134 ext 1234567'],
    ['40 digits', `415.555.0134 ext ${'1'.repeat(40)}`],
    ['letters', '415.555.0134 ext 12a'],
    ['a second mark', '415.555.0134 ext 12 x 3'],
    ['spaces inside', '415.555.0134 ext 1 2'],
    ['a sign', '415.555.0134 ext -12'],
    ['digits of a script the dialler does not read', '415.555.0134 ext \u0967\u0968'],
  ])('an extension with %s is refused', (_label, typed) => {
    expect(readPhone(typed)).toEqual({ ok: false, message: PHONE_TEXT.extension });
  });

  it.each([
    ['nothing', ''],
    ['spaces', '   '],
    ['2 digits', '12'],
    ['5 digits', '555-01'],
    ['a ZIP code', '90210'],
    ['6 digits', '123456'],
    ['a partial number', '555-0100'],
    ['14 digits', '12345678901234'],
    ['40 digits', '1'.repeat(40)],
    ['41 digits with a plus', `+${'4'.repeat(40)}`],
    ['words', 'call me'],
    ['a number inside words', 'call 415 555 0134 now'],
    ['trailing letters', '415 555 0134 abc'],
    ['a vanity number', '1-800-FLOWERS'],
    ['an extension alone', 'ext 12'],
    ['a name with an x', 'Rex 4155550134'],
    ['a tel: link', 'tel:+14155550134'],
    ['a digit of another script among them', '4155550134\u0967'],
    ['an emoji', '415 555 0134 📞'],
    ['a NUL', '415 555\u00000134'],
  ])('%s is not a valid number', (_label, typed) => {
    expect(readPhone(typed)).toEqual({ ok: false, message: PHONE_TEXT.invalid });
  });

  it('reads digits of other scripts that phones type (fullwidth, Arabic-Indic) and stores ASCII', () => {
    expect(normalizePhone('\uFF14\uFF11\uFF15\uFF15\uFF15\uFF15\uFF10\uFF11\uFF13\uFF14')).toBe('+14155550134');
    expect(normalizePhone('٤١٥٥٥٥٠١٣٤ ext ١٢')).toBe('+14155550134;ext=12');
  });

  it('legacy short numbers stored before the rule are still shown and dialled as they were', () => {
    expect(formatPhone('911')).toBe('911');
    expect(telHref('988')).toBe('tel:988');
  });
});
