import { PhoneOutlined } from '@ant-design/icons';
import { telHref, type EmergencyContact } from '@carecircle/libs';
import { Button } from 'antd';
import { contactKind } from '../contact-kind';
import { displayPhone } from '../phone';
import { ContactLinks } from './contact-links';
import { EntryActions } from './entry-actions';

interface Props {
  contact: EmergencyContact;
  /** Whose family's list it is in, when the user sees more than one. */
  familyLabel?: string;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One of 'Your Emergency Contacts': name, Primary badge, relationship and type, phone (its extension
 * too), email (a mailto: link), notes, Call (dials the extension after a pause).
 */
export function EmergencyContactCard({ contact, familyLabel, onEdit, onDelete }: Props) {
  return (
    <li className="care-hub-card" aria-label={contact.name}>
      <div className="care-hub-card__head">
        <h3 className="care-hub-card__name">{contact.name}</h3>
        {contact.isPrimary && <span className="care-hub-badge care-hub-badge--primary">Primary</span>}
      </div>
      <p className="care-hub-card__meta">{contactKind(contact)}</p>
      {familyLabel && <p className="care-hub-card__meta">{familyLabel}</p>}
      <p className="care-hub-card__phone">{displayPhone(contact.phoneNumber)}</p>
      <ContactLinks phoneNumber={null} email={contact.email} />
      {contact.notes && <p className="care-hub-card__notes">{contact.notes}</p>}
      <div className="care-hub-card__actions">
        <Button
          type="primary"
          size="large"
          href={telHref(contact.phoneNumber)}
          icon={<PhoneOutlined />}
          aria-label={`Call ${contact.name}`}
        >
          Call
        </Button>
        {contact.canEdit && <EntryActions name={contact.name} onEdit={onEdit} onDelete={onDelete} />}
      </div>
    </li>
  );
}
