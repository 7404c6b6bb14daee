import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../domain/user';
import { UserCredentialsEntity } from './user-credentials.entity';

@Injectable()
@ReadModelProjection()
export class UserCredentialsProjection implements Projection<UserEvent> {
  readonly name = 'identity.user-credentials';
  readonly handles = ['UserRegistered', 'UserErased'] as const;
  readonly tables = ['user_credentials'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<UserEvent>): Promise<void> {
    if (event.type === 'UserErased') await em.nativeDelete(UserCredentialsEntity, { userId: event.data.userId });
    if (event.type !== 'UserRegistered') return;
    const { userId, email, passwordHash } = event.data;
    await em.upsert(UserCredentialsEntity, { userId, email, passwordHash });
  }
}
