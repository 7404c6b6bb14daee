import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { PasskeyEvent } from '../../domain/passkeys';
import type { UserEvent } from '../../domain/user';
import { WebAuthnCredentialEntity } from './webauthn-credentials.entity';

type Handled = PasskeyEvent | Extract<UserEvent, { type: 'UserErased' }>;

/** One row per passkey; an erased user's passkeys go with the account. Idempotent: upsert by id, update and delete by key. */
@Injectable()
@ReadModelProjection()
export class WebAuthnCredentialsProjection implements Projection<Handled> {
  readonly name = 'identity.webauthn-credentials';
  readonly handles = ['PasskeyRegistered', 'PasskeyUsed', 'PasskeyRemoved', 'UserErased'] as const;
  readonly tables = ['webauthn_credentials'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<Handled>): Promise<void> {
    switch (event.type) {
      case 'PasskeyRegistered': {
        const { passkeyId, userId, credentialId, publicKey, counter, deviceType, backedUp, transports, registeredAt } = event.data;
        await em.upsert(WebAuthnCredentialEntity, {
          id: passkeyId,
          userId,
          credentialId,
          credentialPublicKey: publicKey,
          counter,
          deviceType,
          backedUp,
          transports,
          createdAt: new Date(registeredAt),
          lastUsedAt: null,
        });
        return;
      }
      case 'PasskeyUsed':
        await em.nativeUpdate(WebAuthnCredentialEntity, { id: event.data.passkeyId }, { counter: event.data.counter, lastUsedAt: new Date(event.data.usedAt) });
        return;
      case 'PasskeyRemoved':
        await em.nativeDelete(WebAuthnCredentialEntity, { id: event.data.passkeyId });
        return;
      case 'UserErased':
        await em.nativeDelete(WebAuthnCredentialEntity, { userId: event.data.userId });
        return;
    }
  }
}
