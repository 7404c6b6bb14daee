import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { SubscriptionPlan, User, UserRole } from '@carecircle/libs';

/** The spec's `users` table (document 3), fed by the identity projection. Holds no secret. */
@Entity({ tableName: 'users' })
export class UserEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'text', unique: true }) email!: string;
  @Property({ type: 'text', nullable: true }) firstName!: string | null;
  @Property({ type: 'text', nullable: true }) lastName!: string | null;
  @Property({ type: 'text', nullable: true }) profileImageUrl!: string | null;
  @Property({ type: 'text' }) role!: UserRole;
  @Property({ type: 'varchar', length: 50 }) timezone!: string;
  @Property({ type: 'text', nullable: true }) stripeCustomerId!: string | null;
  @Property({ type: 'text', nullable: true }) stripeSubscriptionId!: string | null;
  @Property({ type: 'text', nullable: true }) subscriptionPlan!: SubscriptionPlan | null;
  @Property({ type: 'boolean' }) subscriptionActive!: boolean;
  @Property({ type: 'uuid', nullable: true }) primaryUserId!: string | null;
  @Property({ type: 'boolean' }) hasWebAuthn!: boolean;
  /** Made by Google sign-in (UserRegistered.signUpMethod): no password the user knows. */
  @Property({ type: 'boolean' }) signedUpWithGoogle!: boolean;
  @Property({ type: 'boolean' }) enablePrayerTasks!: boolean;
  @Property({ type: 'integer' }) prayerCalculationMethod!: number;
  @Property({ type: 'decimal', precision: 10, scale: 8, nullable: true }) latitude!: string | null;
  @Property({ type: 'decimal', precision: 11, scale: 8, nullable: true }) longitude!: string | null;
  /** When prayer tasks were last turned on (null while off): names that period's prayer tasks (issue 24). */
  @Property({ type: 'timestamptz', nullable: true }) prayerTasksSince!: Date | null;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}

export function toUser(row: UserEntity): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    role: row.role,
    timezone: row.timezone,
    subscriptionActive: row.subscriptionActive,
    subscriptionPlan: row.subscriptionPlan,
    primaryUserId: row.primaryUserId,
    hasWebAuthn: row.hasWebAuthn,
    signedUpWithGoogle: row.signedUpWithGoogle,
    enablePrayerTasks: row.enablePrayerTasks,
    prayerCalculationMethod: row.prayerCalculationMethod,
    latitude: row.latitude,
    longitude: row.longitude,
    // An entity holds Dates; a plain statement answers timestamps as text (MikroORM's pg type parsers).
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
