import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ChildrenQuery } from '../../../care-recipients';

/**
 * Who may see an upload: its uploader, and the caregivers of any recipient the uploader attached
 * it to (the recipient's primary caregiver and those it is shared with, as ChildrenQuery says).
 */
@Injectable()
export class UploadAccessQuery {
  constructor(
    private readonly em: EntityManager,
    private readonly children: ChildrenQuery,
  ) {}

  async mayRead(userId: string, name: string): Promise<boolean> {
    const em = this.em.fork();
    const [upload] = await em.execute<{ uploader_id: string }[]>(`SELECT uploader_id FROM uploads WHERE name = ?`, [name]);
    if (!upload) return false;
    if (upload.uploader_id === userId) return true;
    const visible = (await this.children.listFor(userId)).map((child) => child.id);
    if (visible.length === 0) return false;
    const linked = await em.execute(
      `SELECT 1 FROM upload_links WHERE name = ? AND attached_by = ? AND child_id = ANY(?::uuid[]) LIMIT 1`,
      [name, upload.uploader_id, `{${visible.join(',')}}`],
    );
    return linked.length > 0;
  }
}
