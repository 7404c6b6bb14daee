import { safeLink, type CareUpdate } from '@carecircle/libs';
import { DeleteOutlined, EditOutlined, ExclamationCircleFilled } from '../../../shared/ui/icons';
import { PlainButton } from '../../../shared/ui/plain-button';
import { fullDateTime, relativeTime } from '../../../shared/formatting/relative-time';

interface Props {
  update: CareUpdate;
  now: Date;
  onEdit: (update: CareUpdate) => void;
  onRemove: (update: CareUpdate) => void;
  onShowHistory: (update: CareUpdate) => void;
}

/** One update: who and when, Important, the text, the photo, "edited" (its history), edit and remove for those who may. No antd (Today's first show). */
export function CareUpdateItem({ update, now, onEdit, onRemove, onShowHistory }: Props) {
  const when = relativeTime(update.createdAt, now);
  const photo = safeLink(update.imageUrl);
  return (
    <li className={update.important ? 'care-update care-update--important' : 'care-update'}>
      <div className="care-update__meta">
        <span className="care-update__author">{update.authorName}</span>
        <time className="care-update__time" dateTime={update.createdAt} title={fullDateTime(update.createdAt)}>
          {when}
        </time>
        {update.editedAt && (
          <PlainButton variant="link" className="care-update__edited" onClick={() => onShowHistory(update)} aria-label={`Edited: show the history of the update from ${update.authorName}`}>
            edited
          </PlainButton>
        )}
        {update.important && (
          <span className="care-update__badge">
            <ExclamationCircleFilled aria-hidden /> Important
          </span>
        )}
      </div>
      <p className="care-update__text">{update.text}</p>
      {photo && (
        <a href={photo} target="_blank" rel="noopener noreferrer" className="care-update__photo-link">
          <img src={photo} alt={`Photo posted by ${update.authorName}`} className="care-update__photo" loading="lazy" />
        </a>
      )}
      {update.canChange && (
        <div className="care-update__actions">
          <PlainButton variant="text" icon={<EditOutlined />} className="care-updates__button" aria-label={`Edit the update from ${update.authorName}, ${when}`} onClick={() => onEdit(update)}>
            Edit
          </PlainButton>
          <PlainButton variant="text" danger icon={<DeleteOutlined />} className="care-updates__button" aria-label={`Remove the update from ${update.authorName}, ${when}`} onClick={() => onRemove(update)}>
            Remove
          </PlainButton>
        </div>
      )}
    </li>
  );
}
