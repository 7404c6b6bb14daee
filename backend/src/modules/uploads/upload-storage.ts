import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { UPLOAD_NAME } from '@carecircle/libs';
import { PG_POOL } from '../../platform/database/database.tokens';
import { Erasure } from '../../platform/privacy/erasure';
import type { ImageType } from './image-type';
import { MAX_UPLOADS_PER_DAY } from './upload-rules';

export interface StoredUpload {
  bytes: Buffer;
  contentType: string;
  size: number;
}

/**
 * Uploaded images in PostgreSQL (the `uploads` table: name, uploader, content type, size, bytes,
 * created_at), so every API replica serves what any of them received (docs/operations.md), and a
 * count of each user's uploads per day. Rows moved from a replica's disk keep their bytes null until
 * that replica has imported them (legacy-disk-uploads.ts).
 */
@Injectable()
export class UploadStorage {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    erasure: Erasure,
  ) {
    // Delete Account: the photos the user uploaded go with the account (docs/privacy.md).
    erasure.onAccountErasure((userId) => this.deleteUploadsOf(userId));
  }

  /** Removes every image the user uploaded, bytes and record. */
  async deleteUploadsOf(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM uploads WHERE uploader_id = $1', [userId]);
  }

  /**
   * Takes one of the user's MAX_UPLOADS_PER_DAY for `day`; false when all are taken. Atomic: the
   * upsert locks the day's row, and its WHERE is judged on the latest count, so parallel uploads
   * can never pass the limit together.
   */
  async claimDailySlot(userId: string, day: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO upload_daily_counts (user_id, day, count) VALUES ($1, $2, 1)
       ON CONFLICT (user_id, day) DO UPDATE SET count = upload_daily_counts.count + 1
       WHERE upload_daily_counts.count < $3`,
      [userId, day, MAX_UPLOADS_PER_DAY],
    );
    return rowCount === 1;
  }

  /** Stores the bytes under a new random name with who uploaded them, and answers the name. */
  async save(bytes: Buffer, type: ImageType, uploaderId: string, at: Date): Promise<string> {
    const name = `${randomUUID()}.${type.extension}`;
    await this.pool.query(
      `INSERT INTO uploads (name, uploader_id, content_type, size, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [name, uploaderId, type.contentType, bytes.length, bytes, at],
    );
    return name;
  }

  /** The stored image of this name, or null for a name that is not one of ours or no longer exists. */
  async find(name: string): Promise<StoredUpload | null> {
    if (!UPLOAD_NAME.test(name)) return null;
    const { rows } = await this.pool.query<{ bytes: Buffer; content_type: string; size: number }>(
      'SELECT bytes, content_type, size FROM uploads WHERE name = $1 AND bytes IS NOT NULL',
      [name],
    );
    return rows.length === 0 ? null : { bytes: rows[0].bytes, contentType: rows[0].content_type, size: rows[0].size };
  }
}
