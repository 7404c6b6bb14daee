import { randomUUID } from 'node:crypto';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { InvitationsProjection } from './invitations.projection';
import { InvitationsQuery } from './invitations.query';

describe('caregiver invitations read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new InvitationsProjection();
  const query = () => new InvitationsQuery(h.orm.em);

  const parent = randomUUID();
  const other = randomUUID();
  const joe = randomUUID();
  const maya = randomUUID();
  const ids = { first: randomUUID(), second: randomUUID(), third: randomUUID(), others: randomUUID() };
  const hash = (n: number) => String(n).repeat(64).slice(0, 64);
  const invited = (primaryUserId: string, invitationId: string, email: string, tokenHash: string, invitedAt: string, expiresAt: string) =>
    h.record(`care-team-${primaryUserId}`, {
      type: 'CaregiverInvited',
      data: { primaryUserId, invitationId, inviteeEmail: email, inviteeName: 'Joe', childIds: [maya], canEdit: true, tokenHash, invitedAt, expiresAt },
    });

  it('projects invitations, lists each inviter’s newest first, with expired computed from expiresAt', async () => {
    const events = [
      invited(parent, ids.first, 'joe@example.com', hash(1), '2026-11-01T08:00:00Z', '2026-11-08T08:00:00Z'),
      invited(parent, ids.second, 'aunt@example.com', hash(2), '2026-11-02T08:00:00Z', '2026-11-09T08:00:00Z'),
      invited(parent, ids.third, 'nurse@example.com', hash(3), '2026-11-03T08:00:00Z', '2026-11-10T08:00:00Z'),
      invited(other, ids.others, 'x@example.com', hash(4), '2026-11-03T08:00:00Z', '2026-11-10T08:00:00Z'),
      h.record(`care-team-${parent}`, { type: 'CaregiverInvitationAccepted', data: { primaryUserId: parent, invitationId: ids.first, userId: joe, acceptedAt: '2026-11-01T09:00:00Z' } }),
      h.record(`care-team-${parent}`, { type: 'CaregiverInvitationRevoked', data: { primaryUserId: parent, invitationId: ids.second, revokedAt: '2026-11-02T09:00:00Z' } }),
    ];
    await h.apply(projection, events);
    await h.apply(projection, events); // idempotent

    const at = (iso: string) => new Date(iso);
    const list = await query().listFor(parent, at('2026-11-05T00:00:00Z'));
    expect(list.map((i) => [i.inviteeEmail, i.status])).toEqual([
      ['nurse@example.com', 'pending'],
      ['aunt@example.com', 'revoked'],
      ['joe@example.com', 'accepted'],
    ]);
    expect(list[2]).toMatchObject({ childIds: [maya], canEdit: true, acceptedBy: joe, acceptedAt: '2026-11-01T09:00:00.000Z', expiresAt: '2026-11-08T08:00:00.000Z' });
    expect(list[1]).toMatchObject({ revokedAt: '2026-11-02T09:00:00.000Z' });
    // Pending until the moment it expires, then expired; accepted and revoked stay what they are.
    expect((await query().byId(parent, ids.third, at('2026-11-10T07:59:59Z')))?.status).toBe('pending');
    expect((await query().byId(parent, ids.third, at('2026-11-10T08:00:00Z')))?.status).toBe('expired');
    expect((await query().listFor(parent, at('2026-12-01T00:00:00Z'))).map((i) => i.status)).toEqual(['expired', 'revoked', 'accepted']);
    // Another inviter's invitation is not mine.
    expect(await query().byId(parent, ids.others)).toBeNull();
    expect((await query().listFor(other)).map((i) => i.id)).toEqual([ids.others]);
  });

  it('finds an invitation by its token hash; a new link replaces the hash and the expiry', async () => {
    expect(await query().byTokenHash(hash(3))).toEqual({ invitationId: ids.third, primaryUserId: parent });
    await h.apply(projection, [
      h.record(`care-team-${parent}`, {
        type: 'CaregiverInvitationLinkRenewed',
        data: { primaryUserId: parent, invitationId: ids.third, tokenHash: hash(5), renewedAt: '2026-11-12T08:00:00Z', expiresAt: '2026-11-19T08:00:00Z' },
      }),
    ]);
    expect(await query().byTokenHash(hash(3))).toBeNull();
    expect(await query().byTokenHash(hash(5))).toEqual({ invitationId: ids.third, primaryUserId: parent });
    expect((await query().byId(parent, ids.third, new Date('2026-11-13T00:00:00Z')))).toMatchObject({ status: 'pending', expiresAt: '2026-11-19T08:00:00.000Z' });
    // Nothing in the table is the token itself: only 64-hex hashes.
    expect((await h.rows('caregiver_invitations')).map((r) => r.token_hash)).toEqual(expect.arrayContaining([hash(1), hash(5)]));
  });

  it('erasing the inviter removes their invitations; erasing who accepted leaves it accepted by no one', async () => {
    await h.apply(projection, [h.record(`user-${joe}`, { type: 'UserErased', data: { userId: joe, erasedAt: '2026-11-20T08:00:00Z' } })]);
    expect(await query().byId(parent, ids.first)).toMatchObject({ status: 'accepted', acceptedBy: null });
    await h.apply(projection, [h.record(`user-${parent}`, { type: 'UserErased', data: { userId: parent, erasedAt: '2026-11-21T08:00:00Z' } })]);
    expect(await query().listFor(parent)).toEqual([]);
    expect(await query().byTokenHash(hash(5))).toBeNull();
    expect((await query().listFor(other)).map((i) => i.id)).toEqual([ids.others]);
  });
});
