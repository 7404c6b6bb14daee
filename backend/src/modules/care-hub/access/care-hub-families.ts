import { Injectable } from '@nestjs/common';
import { CARE_HUB_TEXT, joinFullName, type CareHubFamily } from '@carecircle/libs';
import { DomainError } from '../../../platform/commands/domain-error';
import { invalid } from '../domain/care-hub-list';
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
 * to the family of every recipient shared with them, and may change its contacts when any of its
 * recipients is shared with them with edit rights. Their own family is a list of their own only when
 * it is someone's: when they own a recipient, or help no other family yet (a new parent before their
 * first recipient). A helper who owns no recipient has no list of their own: a contact they added
 * there would be one nobody else sees (issue 21), so a view-only helper changes nothing. Everything
 * follows from the recipients' access (ChildrenQuery), checked per request.
 */
const viewOnly = () => new DomainError('CARE_HUB.FORBIDDEN', 'forbidden', CARE_HUB_TEXT.viewOnly.family);

@Injectable()
export class CareHubFamilies {
  constructor(
    private readonly children: ChildrenQuery,
    private readonly users: UsersQuery,
  ) {}

  /** The user's families, their own (when they have one) first. */
  async of(userId: string): Promise<FamilyMembership[]> {
    const children = await this.children.listFor(userId);
    const others = new Map<string, boolean>();
    for (const child of children) {
      if (child.primaryCaregiverId === userId) continue;
      others.set(child.primaryCaregiverId, (others.get(child.primaryCaregiverId) ?? false) || child.canEdit);
    }
    const ownsRecipients = children.some((child) => child.primaryCaregiverId === userId);
    const own: FamilyMembership[] = ownsRecipients || others.size === 0 ? [{ familyId: userId, isOwn: true, canEdit: true }] : [];
    return [...own, ...[...others].map(([familyId, canEdit]) => ({ familyId, isOwn: false, canEdit }))];
  }

  /** The user's families with their primary caregiver's name: their own first, then by name. */
  async list(userId: string): Promise<CareHubFamily[]> {
    const families = await Promise.all((await this.of(userId)).map(async ({ familyId, isOwn, canEdit }) => ({ familyId, name: await this.nameOf(familyId), isOwn, canEdit })));
    return families.sort((a, b) => Number(b.isOwn) - Number(a.isOwn) || a.name.localeCompare(b.name) || a.familyId.localeCompare(b.familyId));
  }

  /**
   * The family a change goes to, checked: the one named (404 `notFound` when the user is not one of
   * it, 403 when they only view it), else the user's default family: their own list when they have
   * one, else the one family they may edit (a helper adding to the family they help); 403 when they
   * only view the families they belong to, 400 when several let them edit and none is named.
   */
  async toChange(userId: string, familyId: string | undefined, notFound: string = CARE_HUB_TEXT.familyNotFound): Promise<string> {
    const families = await this.of(userId);
    if (familyId === undefined) {
      const own = families.find((f) => f.isOwn);
      if (own) return own.familyId;
      const editable = families.filter((f) => f.canEdit);
      if (editable.length === 1) return editable[0].familyId;
      if (editable.length === 0) throw viewOnly();
      throw invalid('familyId', CARE_HUB_TEXT.chooseFamily);
    }
    const family = families.find((f) => f.familyId === familyId);
    if (!family) throw new DomainError('CARE_HUB.NOT_FOUND', 'not_found', notFound);
    if (!family.canEdit) throw viewOnly();
    return family.familyId;
  }

  /** The primary caregiver's full name, else the part of their email before the @. */
  private async nameOf(userId: string): Promise<string> {
    const user = await this.users.byId(userId);
    if (!user) return '';
    return joinFullName(user.firstName ?? '', user.lastName ?? '') || user.email.split('@')[0];
  }
}
