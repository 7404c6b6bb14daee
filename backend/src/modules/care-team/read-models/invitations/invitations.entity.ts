import { ArrayType, Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/**
 * The spec's `caregiver_invitations` table (document 3), one row per invitation. The token column is
 * `token_hash`: the link's SHA-256, never the token. `status` is what was recorded (pending, accepted,
 * revoked); 'expired' is read from `expires_at` when asked.
 */
@Entity({ tableName: 'caregiver_invitations' })
export class CaregiverInvitationEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid', index: true }) primaryUserId!: string;
  @Property({ type: 'text' }) inviteeEmail!: string;
  @Property({ type: 'text', nullable: true }) inviteeName!: string | null;
  @Property({ type: ArrayType, columnType: 'uuid[]' }) childIds!: string[];
  @Property({ type: 'boolean' }) canEdit!: boolean;
  @Property({ type: 'text', unique: true }) tokenHash!: string;
  @Property({ type: 'varchar', length: 20 }) status!: 'pending' | 'accepted' | 'revoked';
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) expiresAt!: Date;
  @Property({ type: 'timestamptz', nullable: true }) acceptedAt!: Date | null;
  @Property({ type: 'uuid', nullable: true }) acceptedBy!: string | null;
  @Property({ type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
}
