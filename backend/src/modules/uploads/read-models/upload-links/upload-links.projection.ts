import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, uploadNameOf } from '@carecircle/libs';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../../care-recipients';
import type { CareUpdateEvent } from '../../../care-updates';
import type { TaskEvent, TaskTemplateEvent } from '../../../scheduling';
import { UploadLinkEntity } from './upload-links.entity';

type LinkingEvent = CareRecipientEvent | TaskEvent | TaskTemplateEvent | CareUpdateEvent;

/** The link an event stores, if any: a profile photo, a medication photo, a task's, template's or care update's image. */
function linkOf(event: RecordedEventOf<LinkingEvent>): string | null | undefined {
  switch (event.type) {
    case 'CareRecipientAdded':
    case 'CareRecipientUpdated':
      return event.data.profileImageUrl;
    case 'MedicationAdded':
    case 'MedicationUpdated':
      return event.data.photoUrl;
    case 'TaskScheduled':
    case 'TaskUpdated':
    case 'TaskTemplateCreated':
    case 'CareUpdatePosted':
    case 'CareUpdateEdited':
      return event.data.imageUrl;
    default:
      return undefined;
  }
}

/**
 * Which recipient each upload is attached to, and by whom (the event's actor). The uploads module
 * serves an upload to the recipient's caregivers only through a link its own uploader made
 * (upload-links.query.ts), so naming someone else's upload in your recipient's profile shows you
 * nothing. A removed recipient's links go with it, and the photos its caregivers attached to it.
 */
@Injectable()
@ReadModelProjection()
export class UploadLinksProjection implements Projection<LinkingEvent> {
  readonly name = 'uploads.upload-links';
  readonly handles = [
    'CareRecipientAdded',
    'CareRecipientUpdated',
    'CareRecipientRemoved',
    'MedicationAdded',
    'MedicationUpdated',
    'TaskScheduled',
    'TaskUpdated',
    'TaskTemplateCreated',
    'CareUpdatePosted',
    'CareUpdateEdited',
  ] as const;
  readonly tables = ['upload_links'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<LinkingEvent>): Promise<void> {
    if (event.type === 'CareRecipientRemoved') {
      // Erasure (docs/privacy.md): the photos attached to the recipient by their uploader go, bytes and
      // all, unless the uploader attached one to another recipient too. Only `upload_links` is a read
      // model here; `uploads` rows are never rebuilt, so replaying this deletes nothing that is left.
      await em.execute(
        `DELETE FROM uploads u USING upload_links l
          WHERE l.child_id = ? AND l.name = u.name AND l.attached_by = u.uploader_id
            AND NOT EXISTS (SELECT 1 FROM upload_links o WHERE o.name = u.name AND o.attached_by = u.uploader_id AND o.child_id <> l.child_id)`,
        [event.data.childId],
      );
      await em.nativeDelete(UploadLinkEntity, { childId: event.data.childId });
      return;
    }
    const link = linkOf(event);
    const name = link ? uploadNameOf(link) : null;
    const attachedBy = event.metadata.actorId;
    if (name === null || !isUuid(attachedBy)) return;
    await em.upsert(UploadLinkEntity, { name, childId: event.data.childId, attachedBy });
  }
}
