import { DeleteOutlined, EditOutlined, MedicineBoxOutlined, ScheduleOutlined } from '@ant-design/icons';
import { safeLink, type Child } from '@carecircle/libs';
import { Avatar, Button } from 'antd';
import { ageInYears, formatIsoDate } from '../../../../shared/formatting/dates';
import { ageGroupLabel } from '../../recipient-setup';
import { recipientInitials, recipientName } from '../../recipient-name';

interface Props {
  recipient: Child;
  selected: boolean;
  onEdit: () => void;
  onManageMedications: () => void;
  /** Absent: she may not delete this recipient (only its primary caregiver may). */
  onDelete?: () => void;
  /** Repeating schedules (given by the app, which owns the scheduling screens). */
  onSchedules?: () => void;
}

/** One recipient in settings: avatar, name, age group, birth date and age, medical notes; edit, medications, delete. */
export function RecipientCard({ recipient, selected, onEdit, onManageMedications, onDelete, onSchedules }: Props) {
  const name = recipientName(recipient);
  const age = ageInYears(recipient.dateOfBirth);
  const group = ageGroupLabel(age);
  const notes = recipient.medicalNotes ?? recipient.medicalConditions;
  return (
    <article className={selected ? 'recipient-card recipient-card--selected' : 'recipient-card'} aria-label={name}>
      <div className="recipient-card__head">
        <Avatar
          size={56}
          src={safeLink(recipient.profileImageUrl)}
          alt=""
          className="recipient-card__avatar initials-avatar"
          aria-hidden
        >
          {recipientInitials(recipient)}
        </Avatar>
        <div className="person-text">
          <h3 className="recipient-card__name">{name}</h3>
          <span className={`age-badge age-badge--${group === 'Care Recipient' ? 'unknown' : group.toLowerCase()}`}>{group}</span>
          {recipient.dateOfBirth && (
            <span className="recipient-card__born">
              Born: {formatIsoDate(recipient.dateOfBirth)}
              {age !== null && ` (${age} ${age === 1 ? 'year' : 'years'} old)`}
            </span>
          )}
        </div>
      </div>
      {notes && <p className="recipient-card__notes">{notes}</p>}
      <div className="recipient-card__actions">
        {recipient.canEdit && (
          <Button icon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
        )}
        <Button
          icon={<MedicineBoxOutlined />}
          onClick={onManageMedications}
          aria-label={`Medications for ${name}`}
          aria-pressed={selected}
        >
          Medications
        </Button>
        {onSchedules && (
          <Button icon={<ScheduleOutlined />} onClick={onSchedules} aria-label={`Repeating schedules for ${name}`}>
            Schedules
          </Button>
        )}
        {onDelete && (
          <Button danger icon={<DeleteOutlined />} onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        )}
      </div>
    </article>
  );
}
