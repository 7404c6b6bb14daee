/**
 * A primary caregiver's care team, in one stream `care-team-{primaryUserId}`: the invitations they
 * sent. The link's token never appears here: only its SHA-256 (`tokenHash`), which a new link
 * replaces. Whether an invitation has expired is not an event: it is read from `expiresAt`.
 * Who ends up with access is care-recipients' business (child_access), granted when an invitation is
 * accepted.
 */
export type CareTeamEvent =
  | {
      type: 'CaregiverInvited';
      data: {
        primaryUserId: string;
        invitationId: string;
        /** Trimmed, lower case. */
        inviteeEmail: string;
        inviteeName: string | null;
        childIds: string[];
        canEdit: boolean;
        tokenHash: string;
        invitedAt: string;
        expiresAt: string;
      };
    }
  | { type: 'CaregiverInvitationLinkRenewed'; data: { primaryUserId: string; invitationId: string; tokenHash: string; renewedAt: string; expiresAt: string } }
  | { type: 'CaregiverInvitationRevoked'; data: { primaryUserId: string; invitationId: string; revokedAt: string } }
  | { type: 'CaregiverInvitationAccepted'; data: { primaryUserId: string; invitationId: string; userId: string; acceptedAt: string } };

export interface Invitation {
  invitationId: string;
  inviteeEmail: string;
  childIds: string[];
  canEdit: boolean;
  tokenHash: string;
  invitedAt: string;
  expiresAt: string;
  status: 'pending' | 'accepted' | 'revoked';
  acceptedBy: string | null;
}

export interface CareTeamState {
  primaryUserId: string | null;
  invitations: Record<string, Invitation>;
}

export const initialCareTeamState = (): CareTeamState => ({ primaryUserId: null, invitations: {} });

export function evolveCareTeam(state: CareTeamState, event: CareTeamEvent): CareTeamState {
  const update = (invitationId: string, change: Partial<Invitation>): CareTeamState => {
    const current = state.invitations[invitationId];
    return current ? { ...state, invitations: { ...state.invitations, [invitationId]: { ...current, ...change } } } : state;
  };
  switch (event.type) {
    case 'CaregiverInvited': {
      const { primaryUserId, invitationId, inviteeEmail, childIds, canEdit, tokenHash, invitedAt, expiresAt } = event.data;
      const invitation: Invitation = { invitationId, inviteeEmail, childIds, canEdit, tokenHash, invitedAt, expiresAt, status: 'pending', acceptedBy: null };
      return { primaryUserId, invitations: { ...state.invitations, [invitationId]: invitation } };
    }
    case 'CaregiverInvitationLinkRenewed':
      return update(event.data.invitationId, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt });
    case 'CaregiverInvitationRevoked':
      return update(event.data.invitationId, { status: 'revoked' });
    case 'CaregiverInvitationAccepted':
      return update(event.data.invitationId, { status: 'accepted', acceptedBy: event.data.userId });
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const careTeamStream = (primaryUserId: string) => `care-team-${primaryUserId}`;

/** Whether the invitation can no longer be accepted because its time ran out (at `at`, ISO 8601). */
export const hasExpired = (invitation: Pick<Invitation, 'expiresAt'>, at: string): boolean => Date.parse(at) >= Date.parse(invitation.expiresAt);
