import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CARE_UPDATE_TEXT, isUuid, type CareUpdate, type CareUpdatePage } from '@carecircle/libs';
import { encodeCursor } from '../../../../platform/http/page';
import { type RecipientOf } from '../../../care-recipients';
import { UsersQuery } from '../../../identity';
import { CareUpdateEntity } from './care-updates.entity';

/** Who reads: their id, and whether they are the recipient's primary caregiver (they may change every update). */
export interface CareUpdateViewer {
  userId: string;
  isPrimary: boolean;
}

export interface CareUpdateOrigin {
  childId: string;
  authorId: string;
  postedAt: string;
}

/** A page's key: the previous page's last update, (createdAt ISO to the millisecond, id). */
export interface CareUpdateCursor {
  createdAt: Date;
  id: string;
}
/** A key this list gives out, else null (a 400 naming `cursor`). */
export function careUpdateCursor([at, id, ...rest]: string[]): CareUpdateCursor | null {
  const createdAt = new Date(at ?? '');
  return rest.length === 0 && isUuid(id) && !Number.isNaN(createdAt.getTime()) && createdAt.toISOString() === at ? { createdAt, id } : null;
}

/** Reads only the `care_updates` table, and the authors' names from identity's users read model. */
@Injectable()
export class CareUpdatesQuery {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersQuery,
  ) {}

  /**
   * The recipient's updates, newest first, a page after `after` at a time; removed ones are not
   * listed. Reads `size + 1` rows through care_updates_child_listed_index.
   */
  async page(childId: string, viewer: CareUpdateViewer, { after = null, size }: { after?: CareUpdateCursor | null; size: number }): Promise<CareUpdatePage> {
    const rows = await this.em.fork().find(
      CareUpdateEntity,
      {
        childId,
        removedAt: null,
        ...(after ? { $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, id: { $lt: after.id } }] } : {}),
      },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: size + 1 },
    );
    const items = rows.slice(0, size);
    return { items: await this.toUpdates(items, viewer), next: rows.length > size ? encodeCursor([items[items.length - 1].createdAt.toISOString(), items[items.length - 1].id]) : null };
  }

  /** An update that is not removed, as `viewer` sees it, or null. */
  async byId(id: string, viewer: CareUpdateViewer): Promise<CareUpdate | null> {
    const row = await this.em.fork().findOne(CareUpdateEntity, { id, removedAt: null });
    return row ? (await this.toUpdates([row], viewer))[0] : null;
  }

  /**
   * Where an update's events are (careUpdateStreams): its recipient, author and post time, removed
   * ones included; null for an unknown id.
   */
  async origin(id: string): Promise<CareUpdateOrigin | null> {
    const row = await this.em.fork().findOne(CareUpdateEntity, { id }, { fields: ['childId', 'authorId', 'createdAt'] });
    return row ? { childId: row.childId, authorId: row.authorId, postedAt: row.createdAt.toISOString() } : null;
  }

  /** The recipient an update belongs to, removed ones included (their history stays readable), as a subquery for ChildrenQuery.getFor. */
  recipientOf(id: string): RecipientOf {
    return { sql: 'SELECT child_id FROM care_updates WHERE id = ?', params: [id] };
  }

  private async toUpdates(rows: CareUpdateEntity[], viewer: CareUpdateViewer): Promise<CareUpdate[]> {
    const names = await this.users.displayNames(rows.map((row) => row.authorId));
    return rows.map((row) => ({
      id: row.id,
      childId: row.childId,
      text: row.text ?? '',
      imageUrl: row.imageUrl,
      important: row.important,
      authorId: row.authorId,
      authorName: names.get(row.authorId) ?? CARE_UPDATE_TEXT.formerCaregiver,
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt ? row.editedAt.toISOString() : null,
      canChange: viewer.isPrimary || row.authorId === viewer.userId,
    }));
  }
}
