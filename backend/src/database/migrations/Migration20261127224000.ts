import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22 (scale out): uploaded photos move from each API replica's disk into PostgreSQL, so every
 * replica serves what any of them received. `uploads` gains the content type, size and bytes of
 * each image (stored uncompressed out of line: images are compressed already). Rows of photos still
 * on a replica's disk keep them null until that replica has moved its files in at start
 * (modules/uploads/legacy-disk-uploads.ts). Erasing a user deletes their rows, removing a recipient
 * the rows of the photos attached to it (docs/privacy.md).
 */
export class Migration20261127224000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE uploads
        ADD COLUMN content_type text,
        ADD COLUMN size integer,
        ADD COLUMN bytes bytea,
        ADD CONSTRAINT uploads_stored_whole CHECK (
          (bytes IS NULL AND content_type IS NULL AND size IS NULL)
          OR (bytes IS NOT NULL AND content_type IS NOT NULL AND size = octet_length(bytes) AND size BETWEEN 1 AND 5242880)
        );
      ALTER TABLE uploads ALTER COLUMN bytes SET STORAGE EXTERNAL;
      CREATE INDEX uploads_uploader_id_index ON uploads (uploader_id);
      CREATE INDEX uploads_on_disk_index ON uploads (name) WHERE bytes IS NULL;
    `);
  }
}
