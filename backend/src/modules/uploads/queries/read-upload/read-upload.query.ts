import { Injectable } from '@nestjs/common';
import { UploadAccessQuery } from '../../read-models/upload-links/upload-links.query';
import { UploadStorage, type StoredUpload } from '../../upload-storage';

/**
 * An upload as one user may see it: its uploader, and the caregivers of the recipients the uploader
 * attached it to (UploadAccessQuery). Anyone else gets null, as for a name never given out.
 */
@Injectable()
export class ReadUploadQuery {
  constructor(
    private readonly storage: UploadStorage,
    private readonly access: UploadAccessQuery,
  ) {}

  async forUser(userId: string, name: string): Promise<StoredUpload | null> {
    // Who may see it first: the bytes are read only for someone who may.
    return (await this.access.mayRead(userId, name)) ? this.storage.find(name) : null;
  }
}
