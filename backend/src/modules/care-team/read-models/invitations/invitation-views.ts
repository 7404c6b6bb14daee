import { Injectable } from '@nestjs/common';
import type { CaregiverInvitation } from '@carecircle/libs';
import { ChildrenQuery } from '../../../care-recipients';
import { UsersQuery } from '../../../identity';
import type { InvitationRecord } from './invitations.query';

/**
 * Invitations as the panel shows them: the names of the recipients that still exist (from
 * care-recipients) and of who accepted (from identity), read through those modules' queries.
 */
@Injectable()
export class InvitationViews {
  constructor(
    private readonly children: ChildrenQuery,
    private readonly users: UsersQuery,
  ) {}

  async present(ownerId: string, records: InvitationRecord[]): Promise<CaregiverInvitation[]> {
    if (records.length === 0) return [];
    const own = (await this.children.listFor(ownerId)).filter((child) => child.primaryCaregiverId === ownerId);
    const childNames = new Map(own.map((child) => [child.id, child.name]));
    const accepters = await this.users.displayNames(records.flatMap((r) => (r.acceptedBy ? [r.acceptedBy] : [])));
    return records.map((r) => ({
      id: r.id,
      inviteeEmail: r.inviteeEmail,
      inviteeName: r.inviteeName,
      childIds: r.childIds,
      children: r.childIds.filter((id) => childNames.has(id)).map((childId) => ({ childId, name: childNames.get(childId)! })),
      canEdit: r.canEdit,
      status: r.status,
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
      acceptedAt: r.acceptedAt,
      acceptedBy: r.acceptedBy && accepters.has(r.acceptedBy) ? { userId: r.acceptedBy, name: accepters.get(r.acceptedBy)! } : null,
      revokedAt: r.revokedAt,
    }));
  }
}
