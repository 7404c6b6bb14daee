import { randomUUID } from 'node:crypto';
import { projectionHarness } from '../../../../test-support/projection-harness';
import { AuditLogProjection } from './audit-log.projection';
import { AuditLogQuery } from './audit-log.query';

describe('audit log read model (PostgreSQL)', () => {
  let h: Awaited<ReturnType<typeof projectionHarness>>;
  const projection = new AuditLogProjection();
  beforeAll(async () => {
    h = await projectionHarness();
  });
  afterAll(() => h.close());
  const query = () => new AuditLogQuery(h.orm.em);

  const parent = randomUUID();
  const grandpa = randomUUID();
  const stranger = randomUUID();
  const maya = randomUUID();
  const signedIn = (userId: string, at: string) =>
    h.record(`account-security-${userId}`, { type: 'SignedIn', data: { userId, method: 'password', address: '203.0.113.7', userAgent: 'Firefox', signedInAt: at } });

  it("keeps each account's security events, newest first, and what the account did to others", async () => {
    const failed = h.record(`account-security-${parent}`, { type: 'SignInFailed', data: { userId: parent, address: '198.51.100.2', userAgent: 'curl', failedAt: '2026-11-01T09:00:00Z' } });
    const parentIn = signedIn(parent, '2026-11-01T10:00:00Z');
    const granted = h.record(`care-recipient-${maya}`, { type: 'CaregiverAccessGranted', data: { childId: maya, userId: grandpa, canEdit: true, grantedAt: '2026-11-01T11:00:00Z' } }, { actorId: parent });
    await h.apply(projection, [failed, parentIn, granted, signedIn(stranger, '2026-11-01T12:00:00Z')]);
    await h.apply(projection, [granted]); // applied twice: still one row

    const mine = await query().forUser(parent);
    expect(mine.entries.map((e) => [e.action, e.occurredAt, e.address])).toEqual([
      ['access_granted', '2026-11-01T11:00:00.000Z', null],
      ['signed_in', '2026-11-01T10:00:00.000Z', '203.0.113.7'],
      ['sign_in_failed', '2026-11-01T09:00:00.000Z', '198.51.100.2'],
    ]);
    expect(mine.entries[0]).toMatchObject({ userId: grandpa, actorId: parent, childId: maya });
    expect((await query().forUser(grandpa)).entries.map((e) => e.action)).toEqual(['access_granted']);
    expect((await query().forUser(stranger)).entries.map((e) => e.userId)).toEqual([stranger]);
    expect((await query().all()).entries).toHaveLength(4);
  });

  it('records invitations sent and revoked for the inviter, and an acceptance for the one who accepted (the inviter sees it too)', async () => {
    const inviter = randomUUID();
    const joiner = randomUUID();
    const stream = `care-team-${inviter}`;
    const base = { primaryUserId: inviter, invitationId: randomUUID() };
    const events = [
      h.record(stream, {
        type: 'CaregiverInvited',
        data: { ...base, inviteeEmail: 'joe@example.com', inviteeName: null, childIds: [maya], canEdit: false, tokenHash: 'h', invitedAt: '2026-11-04T08:00:00Z', expiresAt: '2026-11-11T08:00:00Z' },
      }, { actorId: inviter }),
      h.record(stream, { type: 'CaregiverInvitationAccepted', data: { ...base, userId: joiner, acceptedAt: '2026-11-04T09:00:00Z' } }, { actorId: joiner }),
      h.record(stream, { type: 'CaregiverInvitationRevoked', data: { primaryUserId: inviter, invitationId: randomUUID(), revokedAt: '2026-11-04T10:00:00Z' } }, { actorId: inviter }),
    ];
    await h.apply(projection, events);
    await h.apply(projection, events);
    expect((await query().forUser(inviter)).entries.map((e) => e.action)).toEqual(['invitation_revoked', 'invitation_accepted', 'caregiver_invited']);
    expect((await query().forUser(joiner)).entries).toEqual([expect.objectContaining({ action: 'invitation_accepted', userId: joiner, actorId: inviter })]);
  });

  it('pages through with the next cursor, without gaps or repeats', async () => {
    const busy = randomUUID();
    await h.apply(projection, Array.from({ length: 130 }, (_, i) => signedIn(busy, new Date(Date.UTC(2026, 10, 2, 0, i)).toISOString())));
    const first = await query().forUser(busy);
    expect(first.entries).toHaveLength(100);
    expect(first.next).not.toBeNull();
    const second = await query().forUser(busy, first.next!);
    expect(second.entries).toHaveLength(30);
    expect(second.next).toBeNull();
    const times = [...first.entries, ...second.entries].map((e) => e.occurredAt);
    expect(new Set(times).size).toBe(130);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('an erased account keeps only the fact that it was deleted', async () => {
    const gone = randomUUID();
    await h.apply(projection, [signedIn(gone, '2026-11-03T08:00:00Z'), h.record(`user-${gone}`, { type: 'UserErased', data: { userId: gone, erasedAt: '2026-11-03T09:00:00Z' } })]);
    const rows = (await query().forUser(gone)).entries;
    expect(rows.map((e) => [e.action, e.address, e.userAgent])).toEqual([['account_erased', null, null]]);
  });
});
