import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditAction } from '@carecircle/libs';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { BillingEvent } from '../../../billing';
import type { CareRecipientEvent } from '../../../care-recipients';
import type { CareTeamEvent } from '../../../care-team';
import type { AccountSecurityEvent, PasskeyEvent, UserEvent } from '../../../identity';
import type { DataExportEvent } from '../../../reports';

type AuditedEvent =
  | AccountSecurityEvent
  | UserEvent
  | Extract<PasskeyEvent, { type: 'PasskeyRegistered' | 'PasskeyRemoved' }>
  | CareRecipientEvent
  | CareTeamEvent
  | DataExportEvent
  | Extract<BillingEvent, { type: 'SubscriptionSetByAdmin' }>;

const SIGNED_IN = { password: 'signed_in', passkey: 'signed_in_with_passkey', google: 'signed_in_with_google' } as const;

interface AuditRow {
  action: AuditAction;
  occurredAt: string;
  userId: string | null;
  actorId?: string | null;
  childId?: string | null;
  address?: string;
  userAgent?: string;
}

/**
 * The audit log (audit_log): security events of every account, each row keyed by its event id, so
 * applying an event again changes nothing. Sign-ins come from identity's account-security streams;
 * access granted or revoked and removed recipients from the care-recipient streams, where the actor
 * is the one who did it and the row belongs to the caregiver concerned; invitations sent, revoked
 * and accepted from the care-team streams (an acceptance belongs to the one who accepted, and the
 * access it gives is recorded as access granted by the inviter); exports of data (modules/reports) for the
 * one who exported; a super admin's change of a user's subscription (modules/billing), the admin named. An erased account keeps one
 * row, that it was deleted: its other rows (addresses, browsers) go with it.
 */
@Injectable()
@ReadModelProjection()
export class AuditLogProjection implements Projection<AuditedEvent> {
  readonly name = 'audit.log';
  readonly handles = ['UserRegistered', 'UserErased', 'SignedIn', 'SignInFailed', 'SignedOut', 'PasskeyRegistered', 'PasskeyRemoved', 'CaregiverAccessGranted', 'CaregiverAccessRevoked', 'CareRecipientRemoved',
    'CaregiverInvited', 'CaregiverInvitationRevoked', 'CaregiverInvitationAccepted', 'DataExported', 'SubscriptionSetByAdmin'] as const;
  readonly tables = ['audit_log'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<AuditedEvent>): Promise<void> {
    if (event.type === 'UserErased') await em.execute('DELETE FROM audit_log WHERE user_id = ?', [event.data.userId]);
    const row = this.rowFor(event);
    if (!row?.userId) return;
    await em.execute(
      `INSERT INTO audit_log (id, position, action, occurred_at, user_id, actor_id, child_id, address, user_agent)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      [event.id, event.position.toString(), row.action, row.occurredAt, row.userId, row.actorId ?? null, row.childId ?? null, row.address ?? null, row.userAgent ?? null],
    );
  }

  private rowFor(event: RecordedEventOf<AuditedEvent>): AuditRow | null {
    const actorId = event.metadata.actorId;
    switch (event.type) {
      case 'UserRegistered':
        return { action: 'account_created', occurredAt: event.data.registeredAt, userId: event.data.userId };
      case 'UserErased':
        return { action: 'account_erased', occurredAt: event.data.erasedAt, userId: event.data.userId };
      case 'SignedIn':
        return { action: SIGNED_IN[event.data.method], occurredAt: event.data.signedInAt, userId: event.data.userId, address: event.data.address, userAgent: event.data.userAgent };
      case 'SignInFailed':
        return { action: event.data.method === 'passkey' ? 'passkey_sign_in_failed' : 'sign_in_failed', occurredAt: event.data.failedAt, userId: event.data.userId, address: event.data.address, userAgent: event.data.userAgent };
      case 'SignedOut':
        return { action: 'signed_out', occurredAt: event.data.signedOutAt, userId: event.data.userId };
      case 'PasskeyRegistered':
        return { action: 'passkey_added', occurredAt: event.data.registeredAt, userId: event.data.userId };
      case 'PasskeyRemoved':
        return { action: 'passkey_removed', occurredAt: event.data.removedAt, userId: event.data.userId };
      case 'CaregiverAccessGranted':
        return { action: 'access_granted', occurredAt: event.data.grantedAt, userId: event.data.userId, actorId, childId: event.data.childId };
      case 'CaregiverAccessRevoked':
        return { action: 'access_revoked', occurredAt: event.data.revokedAt, userId: event.data.userId, actorId, childId: event.data.childId };
      case 'CareRecipientRemoved':
        return { action: 'care_recipient_removed', occurredAt: event.data.removedAt, userId: actorId, childId: event.data.childId };
      case 'CaregiverInvited':
        return { action: 'caregiver_invited', occurredAt: event.data.invitedAt, userId: event.data.primaryUserId };
      case 'CaregiverInvitationRevoked':
        return { action: 'invitation_revoked', occurredAt: event.data.revokedAt, userId: event.data.primaryUserId };
      case 'CaregiverInvitationAccepted':
        return { action: 'invitation_accepted', occurredAt: event.data.acceptedAt, userId: event.data.userId, actorId: event.data.primaryUserId };
      case 'DataExported':
        return { action: 'data_exported', occurredAt: event.data.exportedAt, userId: event.data.userId, childId: event.data.childId };
      case 'SubscriptionSetByAdmin':
        return { action: 'subscription_set_by_admin', occurredAt: event.data.setAt, userId: event.data.userId, actorId: event.data.adminId };
      default:
        return null;
    }
  }
}
