/**
 * The care team (docs/care-team.md): caregiver invitations and the secondary caregivers of a primary
 * caregiver's recipients. Shapes of /api/caregiver-invitations and /api/caregivers, and the texts
 * the accept page shows (the server's message).
 */

/** Spec document 1, section 9: an invitation expires after 7 days. */
export const INVITATION_EXPIRY_DAYS = 7;
/** Open (pending, not expired) invitations one primary caregiver may have at a time. */
export const MAX_PENDING_INVITATIONS = 50;
/** Invitations one primary caregiver may send in any 24 hours. */
export const MAX_INVITATIONS_PER_DAY = 50;
/** Longest invitee name (a person's name). */
export const INVITEE_NAME_MAX = 100;
/** Most recipients one invitation may name. */
export const MAX_INVITATION_CHILDREN = 100;

/** Stored statuses, plus 'expired', computed when read from expiresAt (spec: max 20 characters). */
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** POST /api/caregiver-invitations. childIds default: every recipient the inviter owns; canEdit default false. */
export interface CaregiverInvitationInput {
  inviteeEmail: string;
  inviteeName?: string | null;
  childIds?: string[];
  canEdit?: boolean;
}

export interface CaregiverInvitation {
  id: string;
  inviteeEmail: string;
  inviteeName: string | null;
  /** The recipients the invitation shares, as invited. */
  childIds: string[];
  /** Those of them that still exist, with their names. */
  children: { childId: string; name: string }[];
  canEdit: boolean;
  status: InvitationStatus;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  /** Who accepted it (null while not accepted, or once that account is deleted). */
  acceptedBy: { userId: string; name: string } | null;
  revokedAt: string | null;
}

/**
 * The answer of a create (201) and of POST /api/caregiver-invitations/{id}/link (200): the only
 * answers that carry the link. `emailSent` says whether the invitation mail went out (false when
 * SMTP is not configured or the mail could not be delivered, and always false for a new link):
 * the screen then offers the link to copy.
 */
export interface CaregiverInvitationWithLink extends CaregiverInvitation {
  acceptUrl: string;
  emailSent: boolean;
}

/** POST /api/caregiver-invitations/{token}/accept, 200. */
export interface AcceptedInvitation {
  message: string;
  /** The recipients the user now sees through this invitation. */
  childIds: string[];
}

/**
 * GET /api/caregiver-invitations/{token}/invitee (public): the address a pending invitation was sent
 * to, which the sign-in and sign-up form starts with when it was reached from that invitation.
 */
export interface InvitationInvitee {
  email: string;
}

/** GET /api/caregivers: one secondary caregiver of the user's own recipients. */
export interface CareTeamCaregiver {
  userId: string;
  name: string;
  email: string;
  children: { childId: string; name: string; canEdit: boolean }[];
}

/** PATCH /api/children/{childId}/caregivers/{userId}, 200. */
export interface CaregiverAccess {
  childId: string;
  userId: string;
  canEdit: boolean;
}

export const INVITATION_MESSAGES = {
  emailInvalid: 'Please enter a valid email address.',
  inviteSelf: 'You cannot invite yourself.',
  noRecipients: 'Add a care recipient before inviting a caregiver.',
  chooseRecipients: 'Choose at least one care recipient to share.',
  childNotFound: 'Care recipient not found',
  onlyPrimaryInvites: 'Only the primary caregiver can invite caregivers to this care recipient.',
  alreadyPending: 'This person already has a pending invitation. Copy its link or revoke it first.',
  tooManyPending: `You have ${MAX_PENDING_INVITATIONS} pending invitations. Revoke some before sending more.`,
  tooManyToday: `You can send at most ${MAX_INVITATIONS_PER_DAY} invitations a day.`,
  notFound: 'Invitation not found',
  alreadyAcceptedCannotRevoke: 'This invitation has already been accepted. Remove the caregiver’s access instead.',
  revokedNoLink: 'This invitation was revoked. Send a new invitation instead.',
  // The accept page shows these (spec: the server's message).
  invalidLink: 'This invitation link is not valid. Check that you copied the whole link, or ask for a new invitation.',
  alreadyAccepted: 'This invitation has already been accepted.',
  revoked: 'This invitation was withdrawn by the person who sent it. Ask them for a new one.',
  expired: `This invitation has expired (invitations are valid for ${INVITATION_EXPIRY_DAYS} days). Ask for a new one.`,
  ownInvitation: 'You cannot accept your own invitation.',
  tooManyAttempts: 'Too many invitation links were tried.',
  accepted: (inviterName: string | null) =>
    `You joined ${inviterName ? `${inviterName}’s` : 'the'} care team. You can now see the care recipients shared with you.`,
  caregiverNotFound: 'This caregiver does not have access to this care recipient.',
  onlyPrimary: 'Only the primary caregiver can change who has access to this care recipient.',
} as const;
