import { Injectable } from '@nestjs/common';
import type { CareTeamCaregiver } from '@carecircle/libs';
import { ChildrenQuery } from '../../../care-recipients';
import { UsersQuery } from '../../../identity';

/**
 * The secondary caregivers of a primary caregiver's own recipients (GET /api/caregivers). No table
 * of its own: who sees which recipient is care-recipients' child_access, names and emails are
 * identity's users, each read through its module's query.
 */
@Injectable()
export class CaregiversQuery {
  constructor(
    private readonly children: ChildrenQuery,
    private readonly users: UsersQuery,
  ) {}

  async of(ownerId: string): Promise<CareTeamCaregiver[]> {
    const shares = await this.children.sharedBy(ownerId);
    const contacts = await this.users.contacts(shares.map((s) => s.userId));
    const byUser = new Map<string, CareTeamCaregiver>();
    for (const share of shares) {
      const contact = contacts.get(share.userId);
      if (!contact) continue; // an account being deleted
      const caregiver = byUser.get(share.userId) ?? { userId: share.userId, name: contact.name, email: contact.email, children: [] };
      caregiver.children.push({ childId: share.childId, name: share.childName, canEdit: share.canEdit });
      byUser.set(share.userId, caregiver);
    }
    return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  }
}
