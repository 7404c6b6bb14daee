import { UserAddOutlined } from '@ant-design/icons';
import { joinFullName, type Child } from '@carecircle/libs';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../shared/ui/load-error';
import { useCareHubRecipient } from '../hooks/use-care-hub-recipient';

/** Where care recipients are added (the Care Recipients panel of settings). */
const ADD_RECIPIENT_PATH = '/settings?tab=children';

const nameOf = (child: Child) => joinFullName(child.firstName ?? '', child.lastName ?? '') || child.name;

interface Props {
  /** What the directory keeps, for the no-recipient text: "doctors", "support contacts". */
  what: string;
  children: (recipient: Child) => ReactNode;
}

/**
 * A per-recipient directory: picks the recipient (a switcher when there are several), says so with a
 * way forward when there is none yet, and renders the directory of the one chosen.
 */
export function RecipientScope({ what, children }: Props) {
  const { recipients, selected, select, isLoading, isError, refetch } = useCareHubRecipient();
  if (isLoading) return <p role="status">Loading care recipients...</p>;
  if (isError) return <LoadError title="Could not load your care recipients." onRetry={() => refetch()} />;
  if (!selected) {
    return (
      <section className="care-hub-empty-state" aria-labelledby="no-recipient-title">
        <h2 id="no-recipient-title">No care recipient yet</h2>
        <p>Add the person you care for to keep their {what} here.</p>
        <Link to={ADD_RECIPIENT_PATH} className="care-hub-button-link">
          <UserAddOutlined aria-hidden /> Add Care Recipient
        </Link>
      </section>
    );
  }
  return (
    <>
      <div className="care-hub-recipient">
        {recipients.length > 1 ? (
          <>
            <label htmlFor="care-hub-recipient" className="care-hub-recipient__label">
              Care recipient
            </label>
            <select
              id="care-hub-recipient"
              className="recipient-selector__select"
              value={selected.id}
              onChange={(event) => select(event.target.value)}
            >
              {recipients.map((child) => (
                <option key={child.id} value={child.id}>
                  {nameOf(child)}
                </option>
              ))}
            </select>
          </>
        ) : (
          <p className="care-hub-recipient__name">For {nameOf(selected)}</p>
        )}
      </div>
      {children(selected)}
    </>
  );
}
