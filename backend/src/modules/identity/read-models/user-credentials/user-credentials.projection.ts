import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../../../../platform/event-store/event-store';
import { ReadModelProjection, type Projection } from '../../../../platform/projections/projection';
import type { UserEvent } from '../../domain/user';
import { UserCredentialsEntity } from './user-credentials.entity';

@Injectable()
@ReadModelProjection()
export class UserCredentialsProjection implements Projection {
  readonly name = 'identity.user-credentials';
  readonly handles = ['UserRegistered'] as const;
  readonly tables = ['user_credentials'] as const;

  async apply(em: EntityManager, recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as UserEvent;
    if (event.type !== 'UserRegistered') return;
    const { userId, email, passwordHash } = event.data;
    await em.upsert(UserCredentialsEntity, { userId, email, passwordHash });
  }
}
