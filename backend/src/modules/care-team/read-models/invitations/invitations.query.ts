import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { InvitationStatus } from '@carecircle/libs';
import { CaregiverInvitationEntity } from './invitations.entity';

/** One invitation as stored, with its status as of now. */
export interface InvitationRecord {
  id: string;
  primaryUserId: string;
  inviteeEmail: string;
  inviteeName: string | null;
  childIds: string[];
  canEdit: boolean;
  status: InvitationStatus;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  acceptedBy: string | null;
  revokedAt: string | null;
}

/** Most invitations one list answers: the newest. */
export const INVITATION_LIST_LIMIT = 200;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

function toRecord(row: CaregiverInvitationEntity, now: Date): InvitationRecord {
  const expired = row.status === 'pending' && new Date(row.expiresAt).getTime() <= now.getTime();
  return {
    id: row.id,
    primaryUserId: row.primaryUserId,
    inviteeEmail: row.inviteeEmail,
    inviteeName: row.inviteeName,
    childIds: row.childIds,
    canEdit: row.canEdit,
    status: expired ? 'expired' : row.status,
    createdAt: iso(row.createdAt)!,
    expiresAt: iso(row.expiresAt)!,
    acceptedAt: iso(row.acceptedAt),
    acceptedBy: row.acceptedBy,
    revokedAt: iso(row.revokedAt),
  };
}

/** Reads only caregiver_invitations. */
@Injectable()
export class InvitationsQuery {
  constructor(private readonly em: EntityManager) {}

  /** The inviter's invitations, newest first. */
  async listFor(primaryUserId: string, now = new Date()): Promise<InvitationRecord[]> {
    const rows = await this.em.fork().find(CaregiverInvitationEntity, { primaryUserId }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: INVITATION_LIST_LIMIT });
    return rows.map((row) => toRecord(row, now));
  }

  async byId(primaryUserId: string, id: string, now = new Date()): Promise<InvitationRecord | null> {
    const row = await this.em.fork().findOne(CaregiverInvitationEntity, { id, primaryUserId });
    return row ? toRecord(row, now) : null;
  }

  /** The address of a link's invitation while it can still be accepted (pending, not expired); else null. */
  async inviteeOf(tokenHash: string, now = new Date()): Promise<string | null> {
    const row = await this.em.fork().findOne(CaregiverInvitationEntity, { tokenHash, status: 'pending', expiresAt: { $gt: now } }, { fields: ['inviteeEmail'] });
    return row?.inviteeEmail ?? null;
  }

  /** Which team's stream holds the invitation of a link (by the token's hash, through the unique index). */
  async byTokenHash(tokenHash: string): Promise<{ invitationId: string; primaryUserId: string } | null> {
    const row = await this.em.fork().findOne(CaregiverInvitationEntity, { tokenHash }, { fields: ['id', 'primaryUserId'] });
    return row ? { invitationId: row.id, primaryUserId: row.primaryUserId } : null;
  }
}
