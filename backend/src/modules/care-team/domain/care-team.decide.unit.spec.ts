import { INVITATION_MESSAGES as M, MAX_INVITATIONS_PER_DAY, MAX_PENDING_INVITATIONS } from '@carecircle/libs';
import { DomainError } from '../../../platform/commands/domain-error';
import { deciderSpec } from '../../../test-support/decider-spec';
import type { CareTeamEvent } from './care-team';
import { careTeamDecider, type CareTeamCommand } from './care-team.decide';

const at = '2026-11-21T08:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const meta = (actorId: string | null = 'parent', occurredAt = at) => ({ actorId, correlationId: 'c1', occurredAt });
const spec = deciderSpec(careTeamDecider);

const invited = (overrides: Partial<Extract<CareTeamEvent, { type: 'CaregiverInvited' }>['data']> = {}): CareTeamEvent => ({
  type: 'CaregiverInvited',
  data: {
    primaryUserId: 'parent',
    invitationId: 'inv',
    inviteeEmail: 'grandpa@example.com',
    inviteeName: 'Grandpa Joe',
    childIds: ['maya', 'leo'],
    canEdit: false,
    tokenHash: 'hash-1',
    invitedAt: at,
    expiresAt: '2026-11-28T08:00:00.000Z',
    ...overrides,
  },
});
const accepted = (userId = 'grandpa', acceptedAt = at): CareTeamEvent => ({
  type: 'CaregiverInvitationAccepted',
  data: { primaryUserId: 'parent', invitationId: 'inv', userId, acceptedAt },
});
const revoked: CareTeamEvent = { type: 'CaregiverInvitationRevoked', data: { primaryUserId: 'parent', invitationId: 'inv', revokedAt: at } };

type InviteData = Extract<CareTeamCommand, { type: 'InviteCaregiver' }>['data'];
const invite = (data: Partial<InviteData> = {}, metadata = meta()): CareTeamCommand => ({
  type: 'InviteCaregiver',
  data: {
    invitationId: 'inv',
    inviterEmail: 'ana@example.com',
    inviteeEmail: '  Grandpa@Example.com ',
    inviteeName: ' Grandpa Joe ',
    ownedChildIds: ['maya', 'leo'],
    tokenHash: 'hash-1',
    ...data,
  },
  metadata,
});
const accept = (actorId: string | null = 'grandpa', occurredAt = at, tokenHash = 'hash-1'): CareTeamCommand => ({
  type: 'AcceptInvitation',
  data: { tokenHash },
  metadata: meta(actorId, occurredAt),
});
const revoke = (actorId = 'parent', invitationId = 'inv'): CareTeamCommand => ({ type: 'RevokeInvitation', data: { invitationId }, metadata: meta(actorId) });
const renew = (actorId = 'parent', occurredAt = at): CareTeamCommand => ({
  type: 'RenewInvitationLink',
  data: { invitationId: 'inv', tokenHash: 'hash-2' },
  metadata: meta(actorId, occurredAt),
});

describe('care team decider', () => {
  describe('InviteCaregiver', () => {
    it('invites for every owned recipient by default, email normalised, 7 days to accept', () => {
      spec.given([]).when(invite()).then([invited()]);
    });

    it('shares only the recipients asked for (duplicates once), with the edit right asked for', () => {
      spec
        .given([])
        .when(invite({ childIds: ['leo', 'leo'], canEdit: true, inviteeName: '  ' }))
        .then([invited({ childIds: ['leo'], canEdit: true, inviteeName: null })]);
    });

    it('refuses a recipient the inviter does not own (another family’s, a shared one, unknown) as 404 naming childIds', () => {
      spec.given([]).when(invite({ childIds: ['maya', 'someone-elses'] })).thenThrows('CARE_TEAM.CHILD_NOT_FOUND', M.childNotFound);
    });

    it('a recipient shared with the inviter by its primary caregiver is theirs to share: 403', () => {
      spec.given([]).when(invite({ childIds: ['shared'], sharedChildIds: ['shared'] })).thenThrows('CARE_TEAM.NOT_PRIMARY', M.onlyPrimaryInvites);
      spec.given([]).when(invite({ childIds: ['shared', 'unknown'], sharedChildIds: ['shared'] })).thenThrows('CARE_TEAM.CHILD_NOT_FOUND');
    });

    it('refuses an inviter without recipients, and an empty choice', () => {
      spec.given([]).when(invite({ ownedChildIds: [] })).thenThrows('CARE_TEAM.INVALID', M.noRecipients);
      spec.given([]).when(invite({ childIds: [] })).thenThrows('CARE_TEAM.INVALID', M.chooseRecipients);
    });

    it('refuses inviting yourself', () => {
      spec.given([]).when(invite({ inviteeEmail: 'ANA@example.com' })).thenThrows('CARE_TEAM.INVALID', M.inviteSelf);
    });

    it('refuses a second open invitation to the same address, but not once the first expired, was revoked or accepted', () => {
      spec.given([invited()]).when(invite({ invitationId: 'inv-2' })).thenThrows('CARE_TEAM.ALREADY_INVITED', M.alreadyPending);
      const again = invite({ invitationId: 'inv-2', tokenHash: 'hash-2' }, meta('parent', later(7 * DAY)));
      expect(careTeamDecider.decide(again, [invited()].reduce(careTeamDecider.evolve, careTeamDecider.initialState()))).toHaveLength(1);
      spec.given([invited(), revoked]).when(invite({ invitationId: 'inv-2', tokenHash: 'hash-2' })).then([invited({ invitationId: 'inv-2', tokenHash: 'hash-2' })]);
      spec.given([invited(), accepted()]).when(invite({ invitationId: 'inv-2', tokenHash: 'hash-2' })).then([invited({ invitationId: 'inv-2', tokenHash: 'hash-2' })]);
    });

    it('refuses the same invitation id twice', () => {
      spec.given([invited(), revoked]).when(invite()).thenThrows('CARE_TEAM.ALREADY_EXISTS');
    });

    it(`keeps at most ${MAX_PENDING_INVITATIONS} open invitations`, () => {
      // Spread over three days, so the daily limit is not what refuses.
      const open = Array.from({ length: MAX_PENDING_INVITATIONS }, (_, i) =>
        invited({ invitationId: `inv-${i}`, inviteeEmail: `p${i}@example.com`, tokenHash: `h${i}`, invitedAt: later(-(i % 3) * DAY - HOUR), expiresAt: later(4 * DAY) }),
      );
      spec.given(open).when(invite({ invitationId: 'one-more' })).thenThrows('CARE_TEAM.TOO_MANY_PENDING', M.tooManyPending);
      spec.given([...open, { ...revoked, data: { ...revoked.data, invitationId: 'inv-0' } }]).when(invite({ invitationId: 'one-more' })).then([invited({ invitationId: 'one-more' })]);
    });

    it(`sends at most ${MAX_INVITATIONS_PER_DAY} in any 24 hours, and says when the next one may go`, () => {
      const today = Array.from({ length: MAX_INVITATIONS_PER_DAY }, (_, i) => [
        invited({ invitationId: `inv-${i}`, inviteeEmail: `p${i}@example.com`, tokenHash: `h${i}`, invitedAt: later(-23 * HOUR + i * 1000) }),
        { ...revoked, data: { ...revoked.data, invitationId: `inv-${i}` } },
      ]).flat();
      let thrown: unknown;
      try {
        careTeamDecider.decide(invite({ invitationId: 'one-more' }), today.reduce(careTeamDecider.evolve, careTeamDecider.initialState()));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect(thrown).toMatchObject({ code: 'CARE_TEAM.TOO_MANY_TODAY', details: { retryAfterSeconds: 3600 } });
      spec.given(today).when(invite({ invitationId: 'one-more' }, meta('parent', later(HOUR + 1000)))).then([
        invited({ invitationId: 'one-more', invitedAt: later(HOUR + 1000), expiresAt: later(HOUR + 1000 + 7 * DAY) }),
      ]);
    });

    it('an anonymous actor, or someone else’s stream, is refused', () => {
      spec.given([]).when(invite({}, meta(null))).thenThrows('CARE_TEAM.INVITATION_NOT_FOUND');
      spec.given([invited()]).when(invite({ invitationId: 'inv-2' }, meta('stranger'))).thenThrows('CARE_TEAM.INVITATION_NOT_FOUND');
    });
  });

  describe('AcceptInvitation', () => {
    it('accepts a pending invitation by its token hash, once', () => {
      spec.given([invited()]).when(accept()).then([accepted()]);
    });

    it('accepts until the last moment before it expires', () => {
      spec.given([invited()]).when(accept('grandpa', later(7 * DAY - 1))).then([accepted('grandpa', later(7 * DAY - 1))]);
    });

    it('an expired invitation is gone', () => {
      spec.given([invited()]).when(accept('grandpa', later(7 * DAY))).thenThrows('CARE_TEAM.LINK_EXPIRED', M.expired);
    });

    it('a used invitation is gone for anyone else; for the one who accepted it nothing happens again', () => {
      spec.given([invited(), accepted()]).when(accept('someone-else')).thenThrows('CARE_TEAM.LINK_USED', M.alreadyAccepted);
      spec.given([invited(), accepted()]).when(accept('grandpa')).then([]);
    });

    it('a revoked invitation is gone', () => {
      spec.given([invited(), revoked]).when(accept()).thenThrows('CARE_TEAM.LINK_REVOKED', M.revoked);
    });

    it('an unknown token, or the old token after a new link, is an invalid link', () => {
      spec.given([invited()]).when(accept('grandpa', at, 'other-hash')).thenThrows('CARE_TEAM.INVALID_LINK', M.invalidLink);
      spec.given([invited(), { type: 'CaregiverInvitationLinkRenewed', data: { primaryUserId: 'parent', invitationId: 'inv', tokenHash: 'hash-2', renewedAt: at, expiresAt: later(7 * DAY) } }])
        .when(accept())
        .thenThrows('CARE_TEAM.INVALID_LINK');
    });

    it('the inviter cannot accept their own invitation', () => {
      spec.given([invited()]).when(accept('parent')).thenThrows('CARE_TEAM.OWN_INVITATION', M.ownInvitation);
    });
  });

  describe('RevokeInvitation', () => {
    it('revokes a pending or expired invitation; again is nothing new', () => {
      spec.given([invited()]).when(revoke()).then([revoked]);
      spec.given([invited(), revoked]).when(revoke()).then([]);
    });

    it('an accepted invitation cannot be revoked (the access is removed instead)', () => {
      spec.given([invited(), accepted()]).when(revoke()).thenThrows('CARE_TEAM.INVITATION_ACCEPTED', M.alreadyAcceptedCannotRevoke);
    });

    it('unknown ids and other people are 404', () => {
      spec.given([invited()]).when(revoke('parent', 'nope')).thenThrows('CARE_TEAM.INVITATION_NOT_FOUND');
      spec.given([invited()]).when(revoke('grandpa')).thenThrows('CARE_TEAM.INVITATION_NOT_FOUND');
    });

    it('Delete Account revokes every pending invitation', () => {
      const second = invited({ invitationId: 'inv-2', inviteeEmail: 'aunt@example.com', tokenHash: 'hash-3' });
      spec
        .given([invited(), second, accepted()])
        .when({ type: 'RevokeAllInvitations', data: {}, metadata: meta() })
        .then([{ type: 'CaregiverInvitationRevoked', data: { primaryUserId: 'parent', invitationId: 'inv-2', revokedAt: at } }]);
      spec.given([]).when({ type: 'RevokeAllInvitations', data: {}, metadata: meta() }).then([]);
    });
  });

  describe('RenewInvitationLink', () => {
    it('replaces the token and gives 7 more days, also after expiry', () => {
      const renewed: CareTeamEvent = {
        type: 'CaregiverInvitationLinkRenewed',
        data: { primaryUserId: 'parent', invitationId: 'inv', tokenHash: 'hash-2', renewedAt: later(8 * DAY), expiresAt: later(15 * DAY) },
      };
      spec.given([invited()]).when(renew('parent', later(8 * DAY))).then([renewed]);
      spec.given([invited(), renewed]).when(accept('grandpa', later(9 * DAY), 'hash-2')).then([accepted('grandpa', later(9 * DAY))]);
    });

    it('refuses accepted and revoked invitations, and anyone but the inviter', () => {
      spec.given([invited(), accepted()]).when(renew()).thenThrows('CARE_TEAM.INVITATION_ACCEPTED');
      spec.given([invited(), revoked]).when(renew()).thenThrows('CARE_TEAM.INVITATION_REVOKED', M.revokedNoLink);
      spec.given([invited()]).when(renew('grandpa')).thenThrows('CARE_TEAM.INVITATION_NOT_FOUND');
    });
  });
});
