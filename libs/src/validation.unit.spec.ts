import { localDateTimeToInstant } from './scheduling/local-time';
import {
  dateProblem,
  isDateInRange,
  isInstantInRange,
  isIntInRange,
  isSafeLink,
  isSafeText,
  isUuid,
  LINK_MAX_LENGTH,
  safeLink,
  toSafeText,
  uploadNameOf,
  UUID_PATTERN,
} from './validation';

describe('shared input rules', () => {
  it('dates: real yyyy-mm-dd within 1900-01-01..2100-12-31', () => {
    for (const ok of ['1900-01-01', '2026-02-28', '2024-02-29', '2100-12-31']) expect(dateProblem(ok)).toBeNull();
    for (const far of ['0000-01-01', '0099-12-31', '1899-12-31', '2101-01-01', '9999-12-31', '10000-01-01', '275760-09-13']) {
      expect(dateProblem(far)).toBe('range');
    }
    for (const bad of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '26-01-05', '2026-01-05T10:00', '', ' 2026-01-05', null, 20260105]) {
      expect(dateProblem(bad)).toBe('format');
    }
    expect(isDateInRange('2026-02-30')).toBe(false);
    expect(isDateInRange('2026-02-28')).toBe(true);
  });

  it('dates not after a given day (dates of birth): later is "future", even past the range', () => {
    expect(dateProblem('2026-11-21', { notAfter: '2026-11-21' })).toBeNull();
    expect(dateProblem('2026-11-22', { notAfter: '2026-11-21' })).toBe('future');
    expect(dateProblem('9999-12-31', { notAfter: '2026-11-21' })).toBe('future');
    expect(dateProblem('1899-12-31', { notAfter: '2026-11-21' })).toBe('range');
    expect(dateProblem('2026-02-30', { notAfter: '2026-11-21' })).toBe('format');
  });

  it('instants: every instant a date of the range makes in any zone, nothing further', () => {
    // The extreme offsets: UTC-12 and UTC+14.
    expect(isInstantInRange(localDateTimeToInstant('2100-12-31', '23:59', 'Etc/GMT+12'))).toBe(true);
    expect(isInstantInRange(localDateTimeToInstant('1900-01-01', '00:00', 'Etc/GMT-14'))).toBe(true);
    expect(isInstantInRange(localDateTimeToInstant('9999-12-31', '20:00', 'America/Los_Angeles'))).toBe(false); // +010000-01-01T04:00Z
    expect(isInstantInRange('1899-12-30T00:00:00.000Z')).toBe(false);
    expect(isInstantInRange('2101-01-02T00:00:00.000Z')).toBe(false);
    expect(isInstantInRange('not an instant')).toBe(false);
  });

  it('safe text: no NUL, no surrogate without its partner', () => {
    expect(isSafeText('Maya 👧 Lopez, ü')).toBe(true);
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00', '\udc00\ud800', 'ok\ud83d']) expect(isSafeText(bad)).toBe(false);
    expect(toSafeText('a\u0000b\ud800c👧')).toBe('a\ufffdb\ufffdc👧');
  });

  it('one UUID form (the one ParseUUIDPipe accepts)', () => {
    expect(isUuid('6f0c5a8e-3d1b-4c7a-9e52-1b8f4d2a7c90')).toBe(true);
    expect(isUuid('6F0C5A8E-3D1B-4C7A-9E52-1B8F4D2A7C90')).toBe(true);
    for (const bad of ['6f0c5a8e3d1b4c7a9e521b8f4d2a7c90', '6f0c5a8e-3d1b-4c7a-9e52-1b8f4d2a7c9', 'x', '', null, 42]) expect(isUuid(bad)).toBe(false);
    expect(new RegExp(`^${UUID_PATTERN}$`).test('6f0c5a8e-3d1b-4c7a-9e52-1b8f4d2a7c90')).toBe(true);
  });

  it('integers within a range', () => {
    expect(isIntInRange(2_147_483_647, 1, 2_147_483_647)).toBe(true);
    for (const bad of [2_147_483_648, 0, 1.5, Number.NaN, Infinity, '5']) expect(isIntInRange(bad, 1, 2_147_483_647)).toBe(false);
  });
});

describe('links', () => {
  const upload = '/api/uploads/0b8f6f0e-6a0e-4c1b-9a57-1f2b3c4d5e6f.png';

  it('accepts https URLs with a host and our upload paths', () => {
    for (const ok of ['https://example.com', 'https://meet.example.com/abc-defg?pwd=1#x', 'HTTPS://Example.com/a', 'https://medium.com/@maya', upload]) {
      expect(isSafeLink(ok)).toBe(true);
    }
    expect(uploadNameOf(upload)).toBe('0b8f6f0e-6a0e-4c1b-9a57-1f2b3c4d5e6f.png');
    expect(safeLink(upload)).toBe(upload);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript://example.com/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://example.com',
    'ftp://example.com/x',
    '//evil.example/x',
    '/api/other',
    '/api/uploads/../../etc/passwd',
    '/api/uploads/0b8f6f0e-6a0e-4c1b-9a57-1f2b3c4d5e6f.svg',
    'api/uploads/0b8f6f0e-6a0e-4c1b-9a57-1f2b3c4d5e6f.png',
    'https://',
    'https:example.com',
    'https:/example.com',
    'https://user:pw@example.com/',
    'https://user@example.com/',
    'https://@example.com/',
    'https://example.com\\@evil.example',
    'https://exa mple.com',
    'https://example.com/\nx',
    ' https://example.com',
    '',
  ])('refuses %j', (bad) => {
    expect(isSafeLink(bad)).toBe(false);
    expect(safeLink(bad)).toBeUndefined();
  });

  it('refuses what is not text, or is longer than a link field holds', () => {
    for (const bad of [null, undefined, 42, {}, ['https://example.com']]) expect(isSafeLink(bad)).toBe(false);
    const long = 'https://example.com/';
    expect(isSafeLink(long + 'x'.repeat(LINK_MAX_LENGTH - long.length))).toBe(true);
    expect(isSafeLink(long + 'x'.repeat(LINK_MAX_LENGTH - long.length + 1))).toBe(false);
  });
});
