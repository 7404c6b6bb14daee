import { Module } from '@nestjs/common';
import { CareRecipientsModule } from '../care-recipients';
import { UploadLinksProjection } from './read-models/upload-links/upload-links.projection';
import { UploadAccessQuery } from './read-models/upload-links/upload-links.query';
import { UploadStorage } from './upload-storage';
import { UploadsController } from './uploads.http';

/**
 * Photo uploads on local disk. Files, not domain state: no events of their own. Who uploaded each is
 * kept beside the file; which recipient it belongs to is read from the events that attach it
 * (the upload-links read model).
 */
@Module({
  imports: [CareRecipientsModule],
  controllers: [UploadsController],
  providers: [UploadStorage, UploadAccessQuery, UploadLinksProjection],
})
export class UploadsModule {}
