import { Injectable } from '@nestjs/common';
import { CARE_HUB_TEXT, joinFullName, type CareHubFamily } from '@carecircle/libs';
import { DomainError } from '../../../platform/commands/domain-error';
import { ChildrenQuery } from '../../care-recipients';
import { UsersQuery } from '../../identity';

/** A family whose emergency contacts a user sees, and whether they may change them. */
export interface FamilyMembership {
  familyId: string;
  isOwn: boolean;
  canEdit: boolean;
}

/**
 * Who belongs to which family (issue 10): a family is a primary caregiver's user id. A user belongs
 * to their own family, and to the family of every recipient shared with them; they may change their
 * own family's contacts, and another family's when any of its recipients is shared with them with
 * edit rights. Everything follows from the recipients' access (ChildrenQuery), checked per request.
 */
@Injectable()
export class CareHubFamilies {
  constructor(
    private readonly children: ChildrenQuery,
    private readonly users: UsersQuery,
  ) {}

  /** The user's families, their own first. */
  async of(userId: string): Promise<FamilyMembership[]> {
    return (await this.read(userId)).families;
  }

  /** The user's families with their primary caregiver's name: their own first, then by name. */
  async list(userId: string): Promise<CareHubFamily[]> {
    const families = await Promise.all((await this.of(userId)).map(async ({ familyId, isOwn, canEdit }) => ({ familyId, name: await this.nameOf(familyId), isOwn, canEdit })));
    const [own, ...others] = families;
    return [own, ...others.sort((a, b) => a.name.localeCompare(b.name) || a.familyId.localeCompare(b.familyId))];
  }

  /**
   * The family a change goes to, checked: the one named (404 `notFound` when the user is not one of
   * it, 403 when they only view it), else the user's default family: their own, unless they own no
   * recipient and exactly one other family lets them edit (a helper adding to the family they help).
   */
  async toChange(userId: string, familyId: string | undefined, notFound: string = CARE_HUB_TEXT.familyNotFound): Promise<string> {
    const { families, ownsRecipients } = await this.read(userId);
    if (familyId === undefined) {
      const editable = families.filter((f) => !f.isOwn && f.canEdit);
      return !ownsRecipients && editable.length === 1 ? editable[0].familyId : userId;
    }
    const family = families.find((f) => f.familyId === familyId);
    if (!family) throw new DomainError('CARE_HUB.NOT_FOUND', 'not_found', notFound);
    if (!family.canEdit) throw new DomainError('CARE_HUB.FORBIDDEN', 'forbidden', CARE_HUB_TEXT.viewOnly.family);
    return family.familyId;
  }

  private async read(userId: string): Promise<{ families: FamilyMembership[]; ownsRecipients: boolean }> {
    const children = await this.children.listFor(userId);
    const others = new Map<string, boolean>();
    for (const child of children) {
      if (child.primaryCaregiverId === userId) continue;
      others.set(child.primaryCaregiverId, (others.get(child.primaryCaregiverId) ?? false) || child.canEdit);
    }
    return {
      families: [{ familyId: userId, isOwn: true, canEdit: true }, ...[...others].map(([familyId, canEdit]) => ({ familyId, isOwn: false, canEdit }))],
      ownsRecipients: children.some((child) => child.primaryCaregiverId === userId),
    };
  }

  /** The primary caregiver's full name, else the part of their email before the @. */
  private async nameOf(userId: string): Promise<string> {
    const user = await this.users.byId(userId);
    if (!user) return '';
    return joinFullName(user.firstName ?? '', user.lastName ?? '') || user.email.split('@')[0];
  }
}
