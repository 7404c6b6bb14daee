import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UPLOAD_PATH_PREFIX } from '@carecircle/libs';
import { detectImageType } from '../../image-type';
import { UploadStorage } from '../../upload-storage';
import { commandOf } from '../../../../platform/commands/command';

export class UploadPhoto extends commandOf<{ uploaderId: string; bytes: Buffer }, { url: string }>() {}

/** Why an upload was refused; the HTTP side answers 415 and 429 with UPLOAD_MESSAGES. */
export class UploadRefused extends Error {
  constructor(readonly reason: 'not_an_image' | 'daily_limit') {
    super(reason);
    this.name = 'UploadRefused';
  }
}

/**
 * Stores one photo (a profile, medication, task or care update photo) in PostgreSQL, where every
 * API replica reads it: images only as told by their content, at most MAX_UPLOADS_PER_DAY per user
 * and UTC day (counted atomically). Files, not domain state: no events of their own; who may see
 * one is read from the events that attach it (the upload-links read model).
 */
@CommandHandler(UploadPhoto)
export class UploadPhotoHandler implements ICommandHandler<UploadPhoto> {
  constructor(private readonly storage: UploadStorage) {}

  async execute({ uploaderId, bytes, metadata }: UploadPhoto): Promise<{ url: string }> {
    const type = detectImageType(bytes);
    if (!type) throw new UploadRefused('not_an_image');
    if (!(await this.storage.claimDailySlot(uploaderId, metadata.occurredAt.slice(0, 10)))) throw new UploadRefused('daily_limit');
    const name = await this.storage.save(bytes, type, uploaderId, new Date(metadata.occurredAt));
    return { url: `${UPLOAD_PATH_PREFIX}${name}` };
  }
}
