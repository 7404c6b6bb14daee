import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** Sign-in lookup by email. Kept apart from `users` so a password hash can never reach an answer. */
@Entity({ tableName: 'user_credentials' })
export class UserCredentialsEntity {
  @PrimaryKey({ type: 'uuid' }) userId!: string;
  @Property({ type: 'text', unique: true }) email!: string;
  @Property({ type: 'text' }) passwordHash!: string;
}
