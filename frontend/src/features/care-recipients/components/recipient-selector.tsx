import type { Child } from '@carecircle/libs';
import { recipientName } from '../recipient-name';

interface Props {
  recipients: Child[];
  selected: Child;
  onSelect: (id: string) => void;
}

/** The plain name with one recipient, a dropdown with several (the phone's own picker). */
export function RecipientSelector({ recipients, selected, onSelect }: Props) {
  if (recipients.length <= 1) {
    return <span className="recipient-selector__name">{recipientName(selected)}</span>;
  }
  return (
    <select
      aria-label="Care recipient"
      className="recipient-selector__select"
      value={selected.id}
      onChange={(event) => onSelect(event.target.value)}
    >
      {recipients.map((child) => (
        <option key={child.id} value={child.id}>
          {recipientName(child)}
        </option>
      ))}
    </select>
  );
}
