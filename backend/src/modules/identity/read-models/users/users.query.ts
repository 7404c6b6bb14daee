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
}
