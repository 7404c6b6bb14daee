import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../../identity';
import type { CareTeamEvent } from '../../domain/care-team';
import { CaregiverInvitationEntity } from './invitations.entity';

/**
 * caregiver_invitations from the care-team streams. Deleting the inviter's account deletes their
 * invitations (their key is destroyed too, so the events read "Erased"); deleting the account of
 * someone who accepted one leaves it accepted by no one.
 */
@Injectable()
@ReadModelProjection()
export class InvitationsProjection implements Projection<CareTeamEvent | UserEvent> {
  readonly name = 'care-team.invitations';
  readonly handles = ['CaregiverInvited', 'CaregiverInvitationLinkRenewed', 'CaregiverInvitationRevoked', 'CaregiverInvitationAccepted', 'UserErased'] as const;
  readonly tables = ['caregiver_invitations'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<CareTeamEvent | UserEvent>): Promise<void> {
    switch (event.type) {
      case 'CaregiverInvited': {
        const { invitationId, primaryUserId, inviteeEmail, inviteeName, childIds, canEdit, tokenHash, invitedAt, expiresAt } = event.data;
        await em.upsert(CaregiverInvitationEntity, {
          id: invitationId,
          primaryUserId,
          inviteeEmail,
          inviteeName,
          childIds,
          canEdit,
          tokenHash,
          status: 'pending',
          createdAt: new Date(invitedAt),
          expiresAt: new Date(expiresAt),
          acceptedAt: null,
          acceptedBy: null,
          revokedAt: null,
        });
        return;
      }
      case 'CaregiverInvitationLinkRenewed':
        await em.nativeUpdate(CaregiverInvitationEntity, { id: event.data.invitationId }, { tokenHash: event.data.tokenHash, expiresAt: new Date(event.data.expiresAt) });
        return;
      case 'CaregiverInvitationRevoked':
        await em.nativeUpdate(CaregiverInvitationEntity, { id: event.data.invitationId }, { status: 'revoked', revokedAt: new Date(event.data.revokedAt) });
        return;
      case 'CaregiverInvitationAccepted':
        await em.nativeUpdate(
          CaregiverInvitationEntity,
          { id: event.data.invitationId },
          { status: 'accepted', acceptedAt: new Date(event.data.acceptedAt), acceptedBy: event.data.userId },
        );
        return;
      case 'UserErased':
        await em.nativeDelete(CaregiverInvitationEntity, { primaryUserId: event.data.userId });
        await em.nativeUpdate(CaregiverInvitationEntity, { acceptedBy: event.data.userId }, { acceptedBy: null });
        return;
    }
  }
}
