import { SPECIALTY_LABELS, type Doctor } from '@carecircle/libs';
import { ContactLinks } from './contact-links';
import { EntryActions } from './entry-actions';

interface Props {
  doctor: Doctor;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** A doctor: name, specialty and Primary Care badges, phone and email links, address, notes. */
export function DoctorCard({ doctor, canEdit, onEdit, onDelete }: Props) {
  return (
    <li className="care-hub-card" aria-label={doctor.name}>
      <div className="care-hub-card__head">
        <h3 className="care-hub-card__name">{doctor.name}</h3>
        <span className="care-hub-badge">{SPECIALTY_LABELS[doctor.specialty]}</span>
        {doctor.isPrimary && <span className="care-hub-badge care-hub-badge--green">Primary Care</span>}
      </div>
      <ContactLinks phoneNumber={doctor.phoneNumber} email={doctor.email} />
      {doctor.address && <p className="care-hub-card__address">{doctor.address}</p>}
      {doctor.notes && <p className="care-hub-card__notes">{doctor.notes}</p>}
      {canEdit && (
        <div className="care-hub-card__actions">
          <EntryActions name={doctor.name} onEdit={onEdit} onDelete={onDelete} />
        </div>
      )}
    </li>
  );
}
