import { randomUUID } from 'node:crypto';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { AuditLogProjection } from './audit-log.projection';
import { decodeCursor } from '../../../../platform/http/page';
import { auditCursor, AuditLogQuery } from './audit-log.query';

describe('audit log read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new AuditLogProjection();
  const query = () => new AuditLogQuery(h.orm.em);
  /** Everything of one account (these tests hold fewer than a page). */
  const forUser = async (userId: string) => (await query().forUser(userId, { limit: 200 })).items;

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

    const mine = await forUser(parent);
    expect(mine.map((e) => [e.action, e.occurredAt, e.address])).toEqual([
      ['access_granted', '2026-11-01T11:00:00.000Z', null],
      ['signed_in', '2026-11-01T10:00:00.000Z', '203.0.113.7'],
      ['sign_in_failed', '2026-11-01T09:00:00.000Z', '198.51.100.2'],
    ]);
    expect(mine[0]).toMatchObject({ userId: grandpa, actorId: parent, childId: maya });
    expect((await forUser(grandpa)).map((e) => e.action)).toEqual(['access_granted']);
    expect((await forUser(stranger)).map((e) => e.userId)).toEqual([stranger]);
    expect((await query().all({ limit: 200 })).items).toHaveLength(4);
    // The admin's search: the accounts it matched, their own entries and what they did to others, once each.
    const searched = await query().all({ limit: 200, userIds: [parent, grandpa] });
    expect(searched.items.map((e) => [e.action, e.userId])).toEqual([
      ['access_granted', grandpa],
      ['signed_in', parent],
      ['sign_in_failed', parent],
    ]);
    expect((await query().all({ limit: 200, userIds: [parent] })).items.map((e) => e.action)).toEqual(['access_granted', 'signed_in', 'sign_in_failed']);
    expect((await query().all({ limit: 200, userIds: [] })).items).toEqual([]);
  });

  it('tells passkey and Google sign-ins, refused passkeys, and passkeys added and removed apart from password sign-ins', async () => {
    const ana = randomUUID();
    const security = `account-security-${ana}`;
    const origin = { address: '203.0.113.9', userAgent: 'Chrome' };
    const events = [
      h.record(`passkeys-${ana}`, {
        type: 'PasskeyRegistered',
        data: { userId: ana, passkeyId: randomUUID(), credentialId: 'c', publicKey: 'k', counter: 0, deviceType: 'singleDevice', backedUp: false, transports: [], registeredAt: '2026-11-05T08:00:00Z' },
      }),
      h.record(security, { type: 'SignedIn', data: { userId: ana, method: 'passkey', ...origin, signedInAt: '2026-11-05T09:00:00Z' } }),
      h.record(security, { type: 'SignInFailed', data: { userId: ana, method: 'passkey', ...origin, failedAt: '2026-11-05T10:00:00Z' } }),
      h.record(security, { type: 'SignedIn', data: { userId: ana, method: 'google', ...origin, signedInAt: '2026-11-05T11:00:00Z' } }),
      h.record(`passkeys-${ana}`, { type: 'PasskeyRemoved', data: { userId: ana, passkeyId: randomUUID(), passkeysLeft: 0, removedAt: '2026-11-05T12:00:00Z' } }),
    ];
    await h.apply(projection, events);
    expect((await forUser(ana)).map((e) => e.action)).toEqual(['passkey_removed', 'signed_in_with_google', 'passkey_sign_in_failed', 'signed_in_with_passkey', 'passkey_added']);
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
    expect((await forUser(inviter)).map((e) => e.action)).toEqual(['invitation_revoked', 'invitation_accepted', 'caregiver_invited']);
    expect((await forUser(joiner))).toEqual([expect.objectContaining({ action: 'invitation_accepted', userId: joiner, actorId: inviter })]);
  });

  it('pages newest first by position through the next cursor: no gaps or repeats while new ones arrive; the account filter stays', async () => {
    const busy = randomUUID();
    await h.apply(projection, Array.from({ length: 130 }, (_, i) => signedIn(busy, new Date(Date.UTC(2026, 10, 2, 0, i)).toISOString())));
    const first = await query().forUser(busy, { limit: 50 });
    expect(first.items).toHaveLength(50);
    expect(first.next).not.toBeNull();
    await h.apply(projection, [signedIn(busy, '2026-11-02T05:00:00.000Z')]); // newer: after the walk's start
    const times = [...first.items];
    for (let next = first.next; next; ) {
      const page = await query().forUser(busy, { after: decodeCursor(next, auditCursor), limit: 50 });
      times.push(...page.items);
      next = page.next;
    }
    const at = times.map((e) => e.occurredAt);
    expect(new Set(at).size).toBe(130);
    expect(at).toEqual([...at].sort().reverse());
    // Another account's key reads nothing of theirs: only this account's rows before it.
    expect((await query().forUser(stranger, { after: decodeCursor(first.next, auditCursor), limit: 200 })).items.every((e) => e.userId === stranger)).toBe(true);
    // The admin list pages the same order over every account.
    const admin = await query().all({ limit: 3 });
    expect(admin.items).toHaveLength(3);
    const more = await query().all({ after: decodeCursor(admin.next, auditCursor), limit: 3 });
    expect(more.items).toHaveLength(3);
    expect(more.items.filter((e) => admin.items.some((seen) => seen.id === e.id))).toEqual([]);
  });

  it("records an export for the one who exported, with the recipient of a report (none for Export My Data)", async () => {
    const exporter = randomUUID();
    const stream = `data-exports-${exporter}`;
    const everything = h.record(stream, { type: 'DataExported', data: { userId: exporter, kind: 'everything', format: 'json', childId: null, from: null, to: null, exportedAt: '2026-11-28T08:00:00Z' } }, { actorId: exporter });
    const adherence = h.record(stream, { type: 'DataExported', data: { userId: exporter, kind: 'adherence', format: 'csv', childId: maya, from: '2026-11-01', to: '2026-11-28', exportedAt: '2026-11-28T09:00:00Z' } }, { actorId: exporter });
    await h.apply(projection, [everything, adherence]);
    await h.apply(projection, [adherence]);
    expect((await forUser(exporter)).map((e) => [e.action, e.childId, e.actorId])).toEqual([
      ['data_exported', maya, null],
      ['data_exported', null, null],
    ]);
  });

  it('an erased account keeps only the fact that it was deleted', async () => {
    const gone = randomUUID();
    await h.apply(projection, [signedIn(gone, '2026-11-03T08:00:00Z'), h.record(`user-${gone}`, { type: 'UserErased', data: { userId: gone, erasedAt: '2026-11-03T09:00:00Z' } })]);
    const rows = (await forUser(gone));
    expect(rows.map((e) => [e.action, e.address, e.userAgent])).toEqual([['account_erased', null, null]]);
  });
});
