import { INVITATION_EXPIRY_DAYS, INVITATION_MESSAGES as M, MAX_INVITATIONS_PER_DAY, MAX_PENDING_INVITATIONS } from '@carecircle/libs';
import type { Decider, DomainCommand as Command } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import { evolveCareTeam, hasExpired, initialCareTeamState, type CareTeamEvent, type CareTeamState, type Invitation } from './care-team';

/**
 * Commands of one care team; the actor (metadata.actorId) is the primary caregiver, except for
 * AcceptInvitation, whose actor is the one accepting. The handler hashes tokens before they get here
 * and reads which recipients the inviter owns (`ownedChildIds`).
 */
export type CareTeamCommand =
  | Command<
      'InviteCaregiver',
      {
        invitationId: string;
        inviterEmail: string;
        inviteeEmail: string;
        inviteeName?: string | null;
        /** Absent or null: every recipient the inviter owns. */
        childIds?: string[] | null;
        ownedChildIds: string[];
        /** Recipients shared with the inviter by someone else: naming one is a 403, not a 404. */
        sharedChildIds?: string[];
        canEdit?: boolean;
        tokenHash: string;
      }
    >
  | Command<'RenewInvitationLink', { invitationId: string; tokenHash: string }>
  | Command<'RevokeInvitation', { invitationId: string }>
  /** Delete Account: every open invitation of the team ends. */
  | Command<'RevokeAllInvitations', Record<string, never>>
  | Command<'AcceptInvitation', { tokenHash: string }>;

const DAY_MS = 24 * 60 * 60 * 1000;
const invalid = invalidInput('CARE_TEAM.INVALID');
const invitationNotFound = () => new DomainError('CARE_TEAM.INVITATION_NOT_FOUND', 'not_found', M.notFound);
const invalidLink = () => new DomainError('CARE_TEAM.INVALID_LINK', 'not_found', M.invalidLink);

const isOpen = (invitation: Invitation, at: string) => invitation.status === 'pending' && !hasExpired(invitation, at);
const expiresAt = (at: string) => new Date(Date.parse(at) + INVITATION_EXPIRY_DAYS * DAY_MS).toISOString();

/** The team's own invitation, for its primary caregiver only (anyone else learns nothing: 404). */
function ownInvitation(state: CareTeamState, actorId: string | null, invitationId: string): Invitation {
  const invitation = state.invitations[invitationId];
  if (!invitation || actorId === null || state.primaryUserId !== actorId) throw invitationNotFound();
  return invitation;
}

/** The recipients to share: those asked for (each one the inviter owns), else all they own. */
function sharedChildren(requested: string[] | null | undefined, owned: string[], sharedWithInviter: string[]): string[] {
  if (requested === null || requested === undefined) {
    if (owned.length === 0) throw invalid('childIds', M.noRecipients);
    return [...owned];
  }
  const childIds = [...new Set(requested)];
  if (childIds.length === 0) throw invalid('childIds', owned.length === 0 ? M.noRecipients : M.chooseRecipients);
  const ownedSet = new Set(owned);
  const notOwned = childIds.filter((id) => !ownedSet.has(id));
  if (notOwned.length > 0 && notOwned.every((id) => sharedWithInviter.includes(id))) {
    throw new DomainError('CARE_TEAM.NOT_PRIMARY', 'forbidden', M.onlyPrimaryInvites, [{ field: 'childIds', message: M.onlyPrimaryInvites }]);
  }
  if (notOwned.length > 0) {
    throw new DomainError('CARE_TEAM.CHILD_NOT_FOUND', 'not_found', M.childNotFound, [{ field: 'childIds', message: M.childNotFound }]);
  }
  return childIds;
}

/** At most MAX_INVITATIONS_PER_DAY in any 24 hours; `retryAfterSeconds` says when the oldest of them leaves the window. */
function checkDailyLimit(state: CareTeamState, at: string): void {
  const now = Date.parse(at);
  const today = Object.values(state.invitations)
    .map((i) => Date.parse(i.invitedAt))
    .filter((t) => t > now - DAY_MS)
    .sort((a, b) => a - b);
  if (today.length < MAX_INVITATIONS_PER_DAY) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((today[today.length - MAX_INVITATIONS_PER_DAY] + DAY_MS - now) / 1000));
  throw new DomainError('CARE_TEAM.TOO_MANY_TODAY', 'conflict', M.tooManyToday, undefined, { retryAfterSeconds });
}

export function decideCareTeam(command: CareTeamCommand, state: CareTeamState): CareTeamEvent[] {
  const { actorId, occurredAt: at } = command.metadata;
  switch (command.type) {
    case 'InviteCaregiver': {
      if (actorId === null || (state.primaryUserId !== null && state.primaryUserId !== actorId)) throw invitationNotFound();
      const { invitationId, inviterEmail, ownedChildIds, tokenHash } = command.data;
      if (state.invitations[invitationId]) throw new DomainError('CARE_TEAM.ALREADY_EXISTS', 'conflict', 'This invitation already exists');
      const inviteeEmail = command.data.inviteeEmail.trim().toLowerCase();
      if (inviteeEmail === inviterEmail.trim().toLowerCase()) throw invalid('inviteeEmail', M.inviteSelf);
      const childIds = sharedChildren(command.data.childIds, ownedChildIds, command.data.sharedChildIds ?? []);
      const open = Object.values(state.invitations).filter((i) => isOpen(i, at));
      if (open.some((i) => i.inviteeEmail === inviteeEmail)) throw new DomainError('CARE_TEAM.ALREADY_INVITED', 'conflict', M.alreadyPending);
      if (open.length >= MAX_PENDING_INVITATIONS) throw new DomainError('CARE_TEAM.TOO_MANY_PENDING', 'conflict', M.tooManyPending);
      checkDailyLimit(state, at);
      const inviteeName = command.data.inviteeName?.trim() || null;
      return [
        {
          type: 'CaregiverInvited',
          data: {
            primaryUserId: actorId,
            invitationId,
            inviteeEmail,
            inviteeName,
            childIds,
            canEdit: command.data.canEdit ?? false,
            tokenHash,
            invitedAt: at,
            expiresAt: expiresAt(at),
          },
        },
      ];
    }
    case 'RenewInvitationLink': {
      // A new link for a pending (or expired, never used) invitation: the old one stops working, 7 days from now.
      const invitation = ownInvitation(state, actorId, command.data.invitationId);
      if (invitation.status === 'accepted') throw new DomainError('CARE_TEAM.INVITATION_ACCEPTED', 'conflict', M.alreadyAccepted);
      if (invitation.status === 'revoked') throw new DomainError('CARE_TEAM.INVITATION_REVOKED', 'conflict', M.revokedNoLink);
      const { invitationId, tokenHash } = command.data;
      return [{ type: 'CaregiverInvitationLinkRenewed', data: { primaryUserId: state.primaryUserId!, invitationId, tokenHash, renewedAt: at, expiresAt: expiresAt(at) } }];
    }
    case 'RevokeInvitation': {
      const invitation = ownInvitation(state, actorId, command.data.invitationId);
      if (invitation.status === 'revoked') return [];
      if (invitation.status === 'accepted') throw new DomainError('CARE_TEAM.INVITATION_ACCEPTED', 'conflict', M.alreadyAcceptedCannotRevoke);
      return [{ type: 'CaregiverInvitationRevoked', data: { primaryUserId: state.primaryUserId!, invitationId: invitation.invitationId, revokedAt: at } }];
    }
    case 'RevokeAllInvitations': {
      if (state.primaryUserId === null || state.primaryUserId !== actorId) return [];
      return Object.values(state.invitations)
        .filter((i) => i.status === 'pending')
        .map((i) => ({ type: 'CaregiverInvitationRevoked' as const, data: { primaryUserId: actorId, invitationId: i.invitationId, revokedAt: at } }));
    }
    case 'AcceptInvitation': {
      const invitation = Object.values(state.invitations).find((i) => i.tokenHash === command.data.tokenHash);
      if (!invitation || actorId === null) throw invalidLink();
      if (actorId === state.primaryUserId) throw new DomainError('CARE_TEAM.OWN_INVITATION', 'invalid', M.ownInvitation);
      if (invitation.status === 'accepted') {
        // The same person again (a second tab, a retried request): already done, nothing new.
        if (invitation.acceptedBy === actorId) return [];
        throw new DomainError('CARE_TEAM.LINK_USED', 'gone', M.alreadyAccepted);
      }
      if (invitation.status === 'revoked') throw new DomainError('CARE_TEAM.LINK_REVOKED', 'gone', M.revoked);
      if (hasExpired(invitation, at)) throw new DomainError('CARE_TEAM.LINK_EXPIRED', 'gone', M.expired);
      return [
        { type: 'CaregiverInvitationAccepted', data: { primaryUserId: state.primaryUserId!, invitationId: invitation.invitationId, userId: actorId, acceptedAt: at } },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const careTeamDecider: Decider<CareTeamCommand, CareTeamEvent, CareTeamState> = {
  decide: decideCareTeam,
  evolve: evolveCareTeam,
  initialState: initialCareTeamState,
};
