import { Entity, PrimaryKey } from '@mikro-orm/postgresql';

/** An upload a recipient's profile, medication, task or template refers to, and who attached it there. */
@Entity({ tableName: 'upload_links' })
export class UploadLinkEntity {
  @PrimaryKey({ type: 'text' }) name!: string;
  @PrimaryKey({ type: 'uuid' }) childId!: string;
  @PrimaryKey({ type: 'uuid' }) attachedBy!: string;
}
