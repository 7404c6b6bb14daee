import { Injectable } from '@nestjs/common';
import { CARE_UPDATE_TEXT, isUuid, type Child } from '@carecircle/libs';
import { DomainError } from '../../../platform/commands/domain-error';
import { ChildrenQuery } from '../../care-recipients';
import { CareUpdatesQuery } from '../read-models/care-updates/care-updates.query';

/**
 * The policy of `/api/updates/{id}` routes, beside ChildAccessGuard's for `/children/{childId}/...`:
 * the update's recipient must be one the user sees, else 404 (unknown ids and other families' look
 * the same). Who may change it (the author or the primary caregiver) is the decider's rule.
 */
@Injectable()
export class CareUpdateAccess {
  constructor(
    private readonly children: ChildrenQuery,
    private readonly updates: CareUpdatesQuery,
  ) {}

  /** The recipient of update `updateId` as `userId` sees it (removed updates included). */
  async recipientOf(userId: string | null, updateId: string): Promise<Child> {
    const child = userId !== null && isUuid(updateId) ? await this.children.getFor(userId, this.updates.recipientOf(updateId)) : null;
    if (!child) throw new DomainError('CARE_UPDATES.NOT_FOUND', 'not_found', CARE_UPDATE_TEXT.notFound);
    return child;
  }

  /** A recipient the user sees (posting), else 404. */
  async recipient(userId: string | null, childId: string): Promise<Child> {
    const child = userId !== null ? await this.children.getFor(userId, childId) : null;
    if (!child) throw new DomainError('CARE_UPDATES.NOT_FOUND', 'not_found', CARE_UPDATE_TEXT.recipientNotFound);
    return child;
  }
}
