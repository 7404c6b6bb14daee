import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { UsersProjection } from '../users/users.projection';
import { UsersQuery } from '../users/users.query';
import { WebAuthnCredentialsProjection } from './webauthn-credentials.projection';
import { WebAuthnCredentialsQuery } from './webauthn-credentials.query';

describe('webauthn_credentials read model and users.hasWebAuthn (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const userId = '10000000-0000-4000-8000-0000000000c1';
  const passkey = (n: number) => ({
    userId,
    passkeyId: `20000000-0000-4000-8000-00000000000${n}`,
    credentialId: `cred-${n}`,
    publicKey: 'pQECAyYgASFYIA',
    counter: 0,
    deviceType: 'multiDevice' as const,
    backedUp: true,
    transports: ['internal', 'hybrid'],
    registeredAt: `2026-11-2${n}T08:00:00Z`,
  });

  it('stores registrations, counters and removals, and keeps hasWebAuthn true until the last passkey goes', async () => {
    const stream = `passkeys-${userId}`;
    const registration = h.record(`user-${userId}`, {
      type: 'UserRegistered',
      data: { userId, email: 'pk@example.com', passwordHash: '$argon2id$x', firstName: 'Ana', lastName: 'Silva', role: 'parent', timezone: 'America/Los_Angeles', registeredAt: '2026-11-01T08:00:00Z' },
    });
    const events = [
      h.record(stream, { type: 'PasskeyRegistered', data: passkey(1) }),
      h.record(stream, { type: 'PasskeyRegistered', data: passkey(2) }),
      h.record(stream, { type: 'PasskeyUsed', data: { userId, passkeyId: passkey(1).passkeyId, counter: 7, usedAt: '2026-11-25T09:00:00Z' } }),
      h.record(stream, { type: 'PasskeyRemoved', data: { userId, passkeyId: passkey(2).passkeyId, passkeysLeft: 1, removedAt: '2026-11-26T09:00:00Z' } }),
    ];
    await h.apply(new UsersProjection(), [registration, ...events]);
    await h.apply(new WebAuthnCredentialsProjection(), events);
    const query = new WebAuthnCredentialsQuery(h.orm.em);
    expect(await query.summariesOf(userId)).toEqual([
      { id: passkey(1).passkeyId, deviceType: 'multiDevice', backedUp: true, transports: ['internal', 'hybrid'], createdAt: '2026-11-21T08:00:00.000Z', lastUsedAt: '2026-11-25T09:00:00.000Z' },
    ]);
    expect(await query.byCredentialId('cred-1')).toMatchObject({ userId, counter: 7, credentialPublicKey: 'pQECAyYgASFYIA' });
    expect(await query.byCredentialId('cred-2')).toBeNull();
    expect((await new UsersQuery(h.orm.em).byId(userId))?.hasWebAuthn).toBe(true);

    const last = h.record(stream, { type: 'PasskeyRemoved', data: { userId, passkeyId: passkey(1).passkeyId, passkeysLeft: 0, removedAt: '2026-11-27T09:00:00Z' } });
    await h.apply(new UsersProjection(), [last]);
    await h.apply(new WebAuthnCredentialsProjection(), [last]);
    expect(await query.ofUser(userId)).toEqual([]);
    expect((await new UsersQuery(h.orm.em).byId(userId))?.hasWebAuthn).toBe(false);
  });

  it('applies each event once (a replay changes nothing) and removes an erased user\'s passkeys', async () => {
    const other = '10000000-0000-4000-8000-0000000000c2';
    const registered = h.record(`passkeys-${other}`, { type: 'PasskeyRegistered', data: { ...passkey(3), userId: other } });
    const used = h.record(`passkeys-${other}`, { type: 'PasskeyUsed', data: { userId: other, passkeyId: passkey(3).passkeyId, counter: 2, usedAt: '2026-11-25T09:00:00Z' } });
    await h.apply(new WebAuthnCredentialsProjection(), [registered, used]);
    await h.apply(new WebAuthnCredentialsProjection(), [registered, used]);
    const query = new WebAuthnCredentialsQuery(h.orm.em);
    expect(await query.ofUser(other)).toEqual([expect.objectContaining({ counter: 2 })]);
    await h.apply(new WebAuthnCredentialsProjection(), [h.record(`user-${other}`, { type: 'UserErased', data: { userId: other, erasedAt: '2026-11-28T08:00:00Z' } })]);
    expect(await query.ofUser(other)).toEqual([]);
  });
});
