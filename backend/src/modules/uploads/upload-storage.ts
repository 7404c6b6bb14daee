import { randomUUID } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { UUID_PATTERN } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { imageTypeOfExtension, type ImageType } from './image-type';

/** The checkout's root, as main.ts computes it (this file sits four levels below, in src/ or dist/). */
const REPO_ROOT = resolve(__dirname, '../../../..');

/** Stored names: a random UUID and the extension of the detected type; nothing else is ever served. */
const STORED_NAME = new RegExp(`^(${UUID_PATTERN})\\.(png|jpg|gif|webp)$`);

export interface StoredUpload {
  path: string;
  type: ImageType;
  size: number;
}

/** Uploaded images on local disk: DATA_DIR/uploads, or `.data/uploads` in the checkout. */
@Injectable()
export class UploadStorage {
  readonly directory: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.directory = join(config.dataDir ?? join(REPO_ROOT, '.data'), 'uploads');
  }

  /** Stores the bytes under a new random name and answers that name. */
  async save(bytes: Buffer, type: ImageType): Promise<string> {
    await mkdir(this.directory, { recursive: true });
    const name = `${randomUUID()}.${type.extension}`;
    await writeFile(join(this.directory, name), bytes, { flag: 'wx' });
    return name;
  }

  /** The stored file of this name, or null for a name that is not one of ours or no longer exists. */
  async find(name: string): Promise<StoredUpload | null> {
    const match = STORED_NAME.exec(name);
    const type = match ? imageTypeOfExtension(match[2]) : null;
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
