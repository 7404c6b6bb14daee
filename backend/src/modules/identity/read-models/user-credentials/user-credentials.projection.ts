import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { BatchRows, columnsOf } from '../../../../platform/projections/batch-rows';
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

  /** Several events at once (applyBatch): what `apply` does, on the batch's rows in memory (BatchRows). */
  async applyBatch(em: EntityManager, events: RecordedEventOf<UserEvent>[]): Promise<void> {
    const credentials = new BatchRows('user_credentials', 'user_id');
    await credentials.load(em, 'user_id', events.map((event) => event.data.userId));
    for (const event of events) {
      if (event.type === 'UserErased') credentials.delete({ user_id: event.data.userId });
      if (event.type !== 'UserRegistered') continue;
      const { userId, email, passwordHash } = event.data;
      credentials.put({ ...credentials.get(userId), ...columnsOf(em, UserCredentialsEntity, { userId, email, passwordHash }) });
    }
    await credentials.flush(em);
  }
}
