import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { PasskeySummary } from '@carecircle/libs';
import { MAX_PASSKEYS_PER_USER } from '../../domain/passkeys';
import { WebAuthnCredentialEntity } from './webauthn-credentials.entity';

/** Reads only webauthn_credentials. */
@Injectable()
export class WebAuthnCredentialsQuery {
  constructor(private readonly em: EntityManager) {}

  /** The user's passkeys, oldest first; bounded by MAX_PASSKEYS_PER_USER. */
  async ofUser(userId: string): Promise<WebAuthnCredentialEntity[]> {
    return this.em.fork().find(WebAuthnCredentialEntity, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: MAX_PASSKEYS_PER_USER });
  }

  async byCredentialId(credentialId: string): Promise<WebAuthnCredentialEntity | null> {
    return this.em.fork().findOne(WebAuthnCredentialEntity, { credentialId });
  }

  async summariesOf(userId: string): Promise<PasskeySummary[]> {
    return (await this.ofUser(userId)).map((row) => ({
      id: row.id,
      deviceType: row.deviceType,
      backedUp: row.backedUp,
      transports: row.transports,
      createdAt: new Date(row.createdAt).toISOString(),
      lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
    }));
  }
}
