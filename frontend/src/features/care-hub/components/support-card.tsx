import { SUPPORT_ROLE_LABELS, type FamilySupportResource } from '@carecircle/libs';
import { ContactLinks } from './contact-links';
import { EntryActions } from './entry-actions';

interface Props {
  resource: FamilySupportResource;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** A family support person: name, role, organization, phone and email links, notes. */
export function SupportCard({ resource, canEdit, onEdit, onDelete }: Props) {
  return (
    <li className="care-hub-card" aria-label={resource.name}>
      <div className="care-hub-card__head">
        <h3 className="care-hub-card__name">{resource.name}</h3>
        <span className="care-hub-badge care-hub-badge--purple">{SUPPORT_ROLE_LABELS[resource.role]}</span>
      </div>
      {resource.organization && <p className="care-hub-card__meta">{resource.organization}</p>}
      <ContactLinks phoneNumber={resource.phoneNumber} email={resource.email} />
      {resource.notes && <p className="care-hub-card__notes">{resource.notes}</p>}
      {canEdit && (
        <div className="care-hub-card__actions">
          <EntryActions name={resource.name} onEdit={onEdit} onDelete={onDelete} />
        </div>
      )}
    </li>
  );
}
