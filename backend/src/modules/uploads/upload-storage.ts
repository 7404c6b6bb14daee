import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { UPLOAD_NAME } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../platform/database/database.tokens';
import { Erasure } from '../../platform/privacy/erasure';
import { imageTypeOfExtension, type ImageType } from './image-type';

/** The checkout's root, as main.ts computes it (this file sits four levels below, in src/ or dist/). */
const REPO_ROOT = resolve(__dirname, '../../../..');

/** How many images one user may upload per day (UTC). */
export const MAX_UPLOADS_PER_DAY = 50;

export interface StoredUpload {
  path: string;
  type: ImageType;
  size: number;
}

/**
 * Uploaded images on local disk (DATA_DIR/uploads, or `.data/uploads` in the checkout), each with
 * its uploader in the `uploads` table, and a count of each user's uploads per day.
 */
@Injectable()
export class UploadStorage {
  readonly directory: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
    erasure: Erasure,
  ) {
    this.directory = join(config.dataDir ?? join(REPO_ROOT, '.data'), 'uploads');
    // Delete Account: the photos the user uploaded go with the account (docs/privacy.md).
    erasure.onAccountErasure((userId) => this.deleteUploadsOf(userId));
  }

  /** Removes every file the user uploaded, and its record. */
  async deleteUploadsOf(userId: string): Promise<void> {
    const { rows } = await this.pool.query<{ name: string }>('SELECT name FROM uploads WHERE uploader_id = $1', [userId]);
    for (const { name } of rows) await rm(join(this.directory, name), { force: true });
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

  /** Stores the bytes under a new random name, records who uploaded them, and answers the name. */
  async save(bytes: Buffer, type: ImageType, uploaderId: string): Promise<string> {
    await mkdir(this.directory, { recursive: true });
    const name = `${randomUUID()}.${type.extension}`;
    await writeFile(join(this.directory, name), bytes, { flag: 'wx' });
    await this.pool.query(`INSERT INTO uploads (name, uploader_id, created_at) VALUES ($1, $2, now())`, [name, uploaderId]);
    return name;
  }

  /** The stored file of this name, or null for a name that is not one of ours or no longer exists. */
  async find(name: string): Promise<StoredUpload | null> {
    const match = UPLOAD_NAME.exec(name);
    const type = match ? imageTypeOfExtension(match[1]) : null;
    if (!type) return null;
    const path = join(this.directory, name);
    try {
      const info = await stat(path);
      return info.isFile() ? { path, type, size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
