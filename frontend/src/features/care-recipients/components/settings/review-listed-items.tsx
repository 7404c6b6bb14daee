import { Checkbox } from 'antd';
import { useId } from 'react';
import type { ListedReviewItem } from '../../recipient-setup';
import { LineFlag, NeedsName } from './review-task-row';

interface Props {
  items: ListedReviewItem[];
  onChange: (item: ListedReviewItem) => void;
}

/**
 * 'Not scheduled': as-needed items and medications written without a time. A ticked one is saved as
 * the recipient's medication; a flagged one starts unticked, and ticking it is the caregiver's
 * confirmation.
 */
export function ReviewListedItems({ items, onChange }: Props) {
  const titleId = useId();
  if (items.length === 0) return null;
  return (
    <section className="task-review__listed" aria-labelledby={titleId}>
      <h3 id={titleId} className="task-review__schedule-title">
        Not scheduled
      </h3>
      <ul className="task-review__list">
        {items.map((item) => (
          <li key={item.key} className={`task-review__row${item.needsReview ? ' task-review__row--flagged' : ''}`}>
            <div className="task-review__text">
              {item.needsReview && <LineFlag sourceText={item.sourceText} />}
              <span className="task-review__name">{item.name || <NeedsName />}</span>
              <span className="task-review__description">
                {[item.dosage, item.strength ? `Strength ${item.strength}` : '', `${item.reason}, not scheduled`].filter(Boolean).join(' · ')}
              </span>
              {item.description && <span className="task-review__description">Note: {item.description}</span>}
              {item.name && item.dosage && item.category === 'medication' && (
                <Checkbox
                  checked={item.saveAsMedication}
                  onChange={(event) => onChange({ ...item, saveAsMedication: event.target.checked, needsReview: event.target.checked ? false : item.needsReview })}
                  aria-label={`Save ${item.name} as medication`}
                >
                  Save as medication
                </Checkbox>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
