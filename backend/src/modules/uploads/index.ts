/** Uploads' public surface. */
import { UploadLinkEntity } from './read-models/upload-links/upload-links.entity';

export { UploadsModule } from './uploads.module';
export const UploadsEntities = [UploadLinkEntity];
