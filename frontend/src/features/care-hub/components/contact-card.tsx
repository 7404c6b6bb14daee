import { PhoneOutlined } from '@ant-design/icons';
import { SPECIALTY_LABELS, SUPPORT_ROLE_LABELS, telHref, type Doctor, type EmergencyContact, type FamilySupportResource } from '@carecircle/libs';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { ContactEntries, ContactKind } from '../api';
import { contactKind } from '../contact-kind';
import { displayPhone } from '../phone';
import { ContactLinks } from './contact-links';
import { EntryActions } from './entry-actions';

interface Props<K extends ContactKind> {
  kind: K;
  entry: ContactEntries[K];
  canEdit: boolean;
  /** Whose family's list a contact is in, when the user sees more than one. */
  familyLabel?: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** What a card shows of each kind besides its name: badges, then lines. */
const PARTS: { [K in ContactKind]: (entry: ContactEntries[K], familyLabel?: string) => { badges: ReactNode; body: ReactNode } } = {
  /** An emergency contact: Primary badge, relationship and type, family, phone (its extension too), email, notes. */
  emergencyContact: (contact: EmergencyContact, familyLabel) => ({
    badges: contact.isPrimary && <span className="care-hub-badge care-hub-badge--primary">Primary</span>,
    body: (
      <>
        <p className="care-hub-card__meta">{contactKind(contact)}</p>
        {familyLabel && <p className="care-hub-card__meta">{familyLabel}</p>}
        <p className="care-hub-card__phone">{displayPhone(contact.phoneNumber)}</p>
        <ContactLinks phoneNumber={null} email={contact.email} />
        {contact.notes && <p className="care-hub-card__notes">{contact.notes}</p>}
      </>
    ),
  }),
  /** A doctor: specialty and Primary Care badges, phone and email links, address, notes. */
  doctor: (doctor: Doctor) => ({
    badges: (
      <>
        <span className="care-hub-badge">{SPECIALTY_LABELS[doctor.specialty]}</span>
        {doctor.isPrimary && <span className="care-hub-badge care-hub-badge--green">Primary Care</span>}
      </>
    ),
    body: (
      <>
        <ContactLinks phoneNumber={doctor.phoneNumber} email={doctor.email} />
        {doctor.address && <p className="care-hub-card__address">{doctor.address}</p>}
        {doctor.notes && <p className="care-hub-card__notes">{doctor.notes}</p>}
      </>
    ),
  }),
  /** A family support person: role badge, organization, phone and email links, notes. */
  familySupport: (resource: FamilySupportResource) => ({
    badges: <span className="care-hub-badge care-hub-badge--purple">{SUPPORT_ROLE_LABELS[resource.role]}</span>,
    body: (
      <>
        {resource.organization && <p className="care-hub-card__meta">{resource.organization}</p>}
        <ContactLinks phoneNumber={resource.phoneNumber} email={resource.email} />
        {resource.notes && <p className="care-hub-card__notes">{resource.notes}</p>}
      </>
    ),
  }),
};

/** One entry of any kind; an emergency contact has a Call button (it dials the extension after a pause). */
export function ContactCard<K extends ContactKind>({ kind, entry, canEdit, familyLabel, onEdit, onDelete }: Props<K>) {
  const { badges, body } = (PARTS[kind] as (entry: ContactEntries[K], familyLabel?: string) => { badges: ReactNode; body: ReactNode })(entry, familyLabel);
  const call = kind === 'emergencyContact' && (
    <Button type="primary" size="large" href={telHref((entry as EmergencyContact).phoneNumber)} icon={<PhoneOutlined />} aria-label={`Call ${entry.name}`}>
      Call
    </Button>
  );
  return (
    <li className="care-hub-card" aria-label={entry.name}>
      <div className="care-hub-card__head">
        <h3 className="care-hub-card__name">{entry.name}</h3>
        {badges}
      </div>
      {body}
      {(call || canEdit) && (
        <div className="care-hub-card__actions">
          {call}
          {canEdit && <EntryActions name={entry.name} onEdit={onEdit} onDelete={onDelete} />}
        </div>
      )}
    </li>
  );
}
