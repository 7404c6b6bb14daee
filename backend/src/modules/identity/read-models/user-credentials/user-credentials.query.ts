import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { UserCredentialsEntity } from './user-credentials.entity';

@Injectable()
export class UserCredentialsQuery {
  constructor(private readonly em: EntityManager) {}

  byEmail(email: string): Promise<UserCredentialsEntity | null> {
    return this.em.fork().findOne(UserCredentialsEntity, { email: email.trim().toLowerCase() });
  }
}
