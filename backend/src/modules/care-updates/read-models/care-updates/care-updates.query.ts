import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CARE_UPDATE_LIMITS, CARE_UPDATE_TEXT, isUuid, type CareUpdate, type CareUpdatePage } from '@carecircle/libs';
import { invalidInput } from '../../../../platform/commands/domain-error';
import { UsersQuery } from '../../../identity';
import { CareUpdateEntity } from './care-updates.entity';

/** Who reads: their id, and whether they are the recipient's primary caregiver (they may change every update). */
export interface CareUpdateViewer {
  userId: string;
  isPrimary: boolean;
}

/** A page boundary: the last update of the previous page, as `<createdAt ISO>_<id>` in base64url. */
const encodeCursor = (row: CareUpdateEntity) => Buffer.from(`${row.createdAt.toISOString()}_${row.id}`).toString('base64url');

/** A cursor this list gave out, else a 400 naming `cursor` (a query string may also hold a list or junk). */
function decodeCursor(cursor: unknown): { createdAt: Date; id: string } {
  const refused = () => invalidInput('CARE_UPDATES.INVALID')('cursor', CARE_UPDATE_TEXT.badCursor);
  if (typeof cursor !== 'string' || cursor.length > 200) throw refused();
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('_');
  const createdAt = new Date(at ?? '');
  if (rest.length > 0 || !isUuid(id) || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) throw refused();
  return { createdAt, id };
}

/** Reads only the `care_updates` table, and the authors' names from identity's users read model. */
@Injectable()
export class CareUpdatesQuery {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersQuery,
  ) {}

  /** The recipient's updates, newest first, a page at a time; removed ones are not listed. */
  async page(childId: string, viewer: CareUpdateViewer, cursor?: unknown): Promise<CareUpdatePage> {
    const after = cursor === undefined || cursor === '' ? null : decodeCursor(cursor);
    const size = CARE_UPDATE_LIMITS.pageSize;
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
    return { items: await this.toUpdates(items, viewer), nextCursor: rows.length > size ? encodeCursor(items[items.length - 1]) : null };
  }

  /** An update that is not removed, as `viewer` sees it, or null. */
  async byId(id: string, viewer: CareUpdateViewer): Promise<CareUpdate | null> {
    const row = await this.em.fork().findOne(CareUpdateEntity, { id, removedAt: null });
    return row ? (await this.toUpdates([row], viewer))[0] : null;
  }

  /** The recipient an update belongs to, removed ones included (their history stays readable), or null. */
  async childOf(id: string): Promise<string | null> {
    const row = await this.em.fork().findOne(CareUpdateEntity, { id }, { fields: ['childId'] });
    return row?.childId ?? null;
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
