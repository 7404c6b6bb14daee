import { BigIntType, Entity, Index, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** The spec's `webauthn_credentials` (document 3), plus when each passkey was last used. */
@Entity({ tableName: 'webauthn_credentials' })
@Index({ properties: ['userId'] })
export class WebAuthnCredentialEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) userId!: string;
  /** base64url, as the browser's credential id. */
  @Property({ type: 'text', unique: true }) credentialId!: string;
  /** The COSE public key, base64url. */
  @Property({ type: 'text' }) credentialPublicKey!: string;
  /** The authenticator's signature counter (unsigned 32 bits). */
  @Property({ type: new BigIntType('number'), default: 0 }) counter!: number;
  @Property({ type: 'text' }) deviceType!: string;
  @Property({ type: 'boolean' }) backedUp!: boolean;
  @Property({ type: 'text[]' }) transports!: string[];
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
}
