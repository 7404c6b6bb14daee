import { Module } from '@nestjs/common';
import { UploadStorage } from './upload-storage';
import { UploadsController } from './uploads.http';

/** Photo uploads on local disk. Files, not domain state: no events, no read model. */
@Module({
  controllers: [UploadsController],
  providers: [UploadStorage],
})
export class UploadsModule {}
