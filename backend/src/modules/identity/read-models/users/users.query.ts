import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@carecircle/libs';
import { UserEntity, toUser } from './users.entity';

/** Reads only the users read model. */
@Injectable()
export class UsersQuery {
  constructor(private readonly em: EntityManager) {}

  async byId(id: string): Promise<User | null> {
    const row = await this.em.fork().findOne(UserEntity, { id });
    return row ? toUser(row) : null;
  }

  /** The user registered with this email (compared as registration stores it: trimmed, lowercase). */
  async byEmail(email: string): Promise<User | null> {
    const row = await this.em.fork().findOne(UserEntity, { email: email.trim().toLowerCase() });
    return row ? toUser(row) : null;
  }

  /** Display name (as `displayNames`) and email of the users that exist among `ids`. */
  async contacts(ids: Iterable<string>): Promise<Map<string, { name: string; email: string }>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await this.em.fork().find(UserEntity, { id: { $in: wanted } }, { fields: ['id', 'firstName', 'lastName', 'email'] });
    return new Map(rows.map((row) => [row.id, { name: displayName(row), email: row.email }]));
  }

  /** Display names (first and last name, else the email) of the users that exist among `ids`. */
  async displayNames(ids: Iterable<string>): Promise<Map<string, string>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await this.em.fork().find(UserEntity, { id: { $in: wanted } }, { fields: ['id', 'firstName', 'lastName', 'email'] });
    return new Map(rows.map((row) => [row.id, displayName(row)]));
  }
}

/** First and last name, else the email: how a user is named to others. */
export const displayName = (row: Pick<UserEntity, 'firstName' | 'lastName' | 'email'>): string =>
  [row.firstName, row.lastName].filter((part) => part?.trim()).join(' ').trim() || row.email;
