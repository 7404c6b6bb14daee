import { redactRequestForLog, redactSecretsInUrl } from './log-redaction';

describe('request log redaction', () => {
  const token = 'AbC_dEf-0123456789abcdefghijklmnopqrstuvwxy';

  it('removes invitation tokens from the accept page and the accept route', () => {
    expect(redactSecretsInUrl(`/accept-invitation/${token}`)).toBe('/accept-invitation/[redacted]');
    expect(redactSecretsInUrl(`https://care.example.org/accept-invitation/${token}?x=1`)).toBe('https://care.example.org/accept-invitation/[redacted]?x=1');
    expect(redactSecretsInUrl(`/api/caregiver-invitations/${token}/accept`)).toBe('/api/caregiver-invitations/[redacted]/accept');
    expect(redactSecretsInUrl(`/api/caregiver-invitations/${token}/invitee`)).toBe('/api/caregiver-invitations/[redacted]/invitee');
  });

  it('removes the iCal feed token from its path', () => {
    expect(redactSecretsInUrl(`/api/calendar/feed/${token}.ics`)).toBe('/api/calendar/feed/[redacted]');
    expect(redactSecretsInUrl(`/api/calendar/feed/${token}.ics?x=1`)).toBe('/api/calendar/feed/[redacted]?x=1');
  });

  it('leaves other paths alone (ids of invitations are not secrets)', () => {
    for (const url of ['/api/calendar/feed-token', '/api/calendar/status', '/api/caregiver-invitations', '/api/caregiver-invitations/8d0f5b1e-2c1a-4b7e-9a51-0c7f6f1a2b3c/link', '/api/children/1/caregivers/2']) {
      expect(redactSecretsInUrl(url)).toBe(url);
    }
  });

  it('redacts the URL and the Referer of a logged request, keeping the rest', () => {
    const logged = redactRequestForLog({
      id: 1,
      method: 'POST',
      url: `/api/caregiver-invitations/${token}/accept`,
      params: { path: ['caregiver-invitations', token, 'accept'] },
      headers: { referer: `https://care.example.org/accept-invitation/${token}`, 'user-agent': 'Firefox' },
    });
    expect(JSON.stringify(logged)).not.toContain(token);
    expect(logged).toMatchObject({ id: 1, method: 'POST', headers: { 'user-agent': 'Firefox' } });
    expect(JSON.stringify(redactRequestForLog({ url: '/api/x', params: { token } }))).not.toContain(token);
    const plain = { url: '/api/children', params: { path: ['children'] } };
    expect(redactRequestForLog(plain)).toEqual(plain);
  });
});
