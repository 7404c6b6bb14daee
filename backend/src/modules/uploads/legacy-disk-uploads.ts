import { readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../platform/database/database.tokens';
import { detectImageType } from './image-type';
import { MAX_UPLOAD_BYTES } from './upload-rules';

/** The checkout's root, as main.ts computes it (this file sits four levels below, in src/ or dist/). */
const REPO_ROOT = resolve(__dirname, '../../../..');

/**
 * Photos uploaded before they moved into PostgreSQL lie on the disk of the API replica that
 * received them (DATA_DIR/uploads, or `.data/uploads` in the checkout), their rows in `uploads`
 * without bytes. At start, each process with the api role moves the files it finds into their rows
 * and deletes them from its disk; a row whose file is on another replica's disk waits for that one
 * (until then it answers 404, as it did through every other replica). No fallback reads the disk.
 */
@Injectable()
export class LegacyDiskUploads implements OnApplicationBootstrap {
  private readonly log = new Logger(LegacyDiskUploads.name);
  readonly directory: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    this.directory = join(config.dataDir ?? join(REPO_ROOT, '.data'), 'uploads');
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.roles.includes('api')) await this.importFiles();
  }

  /** Moves every file of a row without bytes into its row; answers how many moved. */
  async importFiles(): Promise<number> {
    const { rows } = await this.pool.query<{ name: string }>('SELECT name FROM uploads WHERE bytes IS NULL');
    let moved = 0;
    for (const { name } of rows) {
      const path = join(this.directory, name);
      const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      const type = bytes ? detectImageType(bytes) : null;
      if (!bytes || !type || bytes.length > MAX_UPLOAD_BYTES) continue;
      await this.pool.query('UPDATE uploads SET bytes = $2, content_type = $3, size = $4 WHERE name = $1 AND bytes IS NULL', [
        name,
        bytes,
        type.contentType,
        bytes.length,
      ]);
      await rm(path, { force: true });
      moved++;
    }
    if (moved > 0) this.log.log(`moved ${moved} uploaded photos from ${this.directory} into PostgreSQL`);
    return moved;
  }
}
