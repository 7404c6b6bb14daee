import { relyingParty } from './passkey-ceremonies';

describe('the passkey relying party', () => {
  it('is PUBLIC_URL: its host is the RP ID and its origin the one expected', () => {
    expect(relyingParty({ publicUrl: 'https://care.example.org/', port: 3000 })).toEqual({ rpName: 'CareCircle', rpID: 'care.example.org', origin: 'https://care.example.org' });
  });

  it('is http://localhost:PORT without PUBLIC_URL, and localhost for a loopback address (browsers refuse IP addresses as RP IDs)', () => {
    expect(relyingParty({ publicUrl: null, port: 3100 })).toMatchObject({ rpID: 'localhost', origin: 'http://localhost:3100' });
    expect(relyingParty({ publicUrl: 'http://127.0.0.1:3441', port: 3000 })).toMatchObject({ rpID: 'localhost', origin: 'http://localhost:3441' });
    expect(relyingParty({ publicUrl: 'http://[::1]:3441', port: 3000 })).toMatchObject({ rpID: 'localhost', origin: 'http://localhost:3441' });
  });
});
