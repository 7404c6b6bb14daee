import { Module } from '@nestjs/common';
import { CareRecipientsModule } from '../care-recipients';
import { UploadPhotoHandler } from './commands/upload-photo/upload-photo.handler';
import { UploadPhotoController } from './commands/upload-photo/upload-photo.http';
import { LegacyDiskUploads } from './legacy-disk-uploads';
import { ReadUploadController } from './queries/read-upload/read-upload.http';
import { ReadUploadQuery } from './queries/read-upload/read-upload.query';
import { UploadLinksProjection } from './read-models/upload-links/upload-links.projection';
import { UploadAccessQuery } from './read-models/upload-links/upload-links.query';
import { UploadStorage } from './upload-storage';

/**
 * Photo uploads, stored in PostgreSQL so every API replica serves them. Files, not domain state: no
 * events of their own. Who uploaded each is kept with its bytes; which recipient it belongs to is
 * read from the events that attach it (the upload-links read model).
 */
@Module({
  imports: [CareRecipientsModule],
  controllers: [UploadPhotoController, ReadUploadController],
  providers: [UploadStorage, UploadPhotoHandler, UploadAccessQuery, ReadUploadQuery, UploadLinksProjection, LegacyDiskUploads],
})
export class UploadsModule {}
