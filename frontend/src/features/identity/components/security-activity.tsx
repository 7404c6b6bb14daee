import { Button, Input, Skeleton } from 'antd';
import { ADMIN_SEARCH_MAX_LENGTH, AUDIT_ACTION_LABELS, type AuditEntry } from '@carecircle/libs';
import { useGetAllAuditQuery, useGetMyAuditQuery } from '../api';
import { usePausedSearch } from '../../../shared/hooks/use-paused-search';
import { LoadError } from '../../../shared/ui/load-error';
import './security-activity.css';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The first words of a user agent that tell a person which browser it was. */
function browserOf(userAgent: string): string {
  const known = /(Edg|Firefox|Chrome|Safari|curl)\/[\d.]+/.exec(userAgent);
  return known ? known[0].split('/')[0].replace('Edg', 'Edge') : userAgent.slice(0, 40);
}

/**
 * Account tab: the user's recent sign-ins, failures and access changes (GET /api/user/audit), page by
 * page. With `everyone` (the admin dashboard's Audit tab): every account's (GET /api/admin/audit),
 * each entry naming the account it is about, with a search by an account's email or name.
 */
export function SecurityActivity({ everyone = false }: { everyone?: boolean }) {
  const { typed, setTyped, search, cursors, more } = usePausedSearch();
  return (
    <section className="security-activity" aria-labelledby="security-activity-title">
      <h3 id="security-activity-title" className="settings-section__title">
        {everyone ? 'Audit log' : 'Recent security activity'}
      </h3>
      {everyone && (
        <div className="security-activity__search">
          <label htmlFor="audit-search">Search by account</label>
          <Input id="audit-search" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="Email, first or last name" maxLength={ADMIN_SEARCH_MAX_LENGTH} />
        </div>
      )}
      <ul className="security-activity__list">
        {cursors.map((cursor) => (
          <ActivityPage
            key={`${search}/${cursor ?? 'first'}`}
            everyone={everyone}
            search={search}
            cursor={cursor}
            isLast={cursor === cursors[cursors.length - 1]}
            onMore={more}
          />
        ))}
      </ul>
    </section>
  );
}

interface ActivityPageProps {
  everyone: boolean;
  search: string;
  cursor?: string;
  isLast: boolean;
  onMore: (next: string) => void;
}

function ActivityPage({ everyone, search, cursor, isLast, onMore }: ActivityPageProps) {
  const mine = useGetMyAuditQuery(cursor, { skip: everyone });
  const all = useGetAllAuditQuery({ cursor, search }, { skip: !everyone });
  const { data, isLoading, isError, refetch } = everyone ? all : mine;
  // Every child of the list is an <li>, the placeholder and the error too (axe: list).
  if (isLoading) {
    return (
      <li>
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      </li>
    );
  }
  if (isError || !data) {
    return (
      <li>
        <LoadError title={everyone ? 'Could not load the audit log.' : 'Could not load your security activity.'} onRetry={() => refetch()} />
      </li>
    );
  }
  if (everyone && search && !cursor && data.items.length === 0) return <li className="security-activity__item">No activity of an account matching &quot;{search}&quot;.</li>;
  return (
    <>
      {data.items.map((entry) => (
        <ActivityItem key={entry.id} entry={entry} everyone={everyone} />
      ))}
      {isLast && data.next && (
        <li>
          <Button type="link" onClick={() => onMore(data.next!)}>
            Show older activity
          </Button>
        </li>
      )}
    </>
  );
}

function ActivityItem({ entry, everyone }: { entry: AuditEntry; everyone: boolean }) {
  return (
    <li className={entry.action === 'sign_in_failed' || entry.action === 'passkey_sign_in_failed' ? 'security-activity__item security-activity__item--warning' : 'security-activity__item'}>
      <span className="security-activity__action">{AUDIT_ACTION_LABELS[entry.action]}</span>
      <span className="security-activity__detail">
        <time dateTime={entry.occurredAt}>{when(entry.occurredAt)}</time>
        {everyone && ` · account ${entry.userId}`}
        {everyone && entry.actorId && ` · by ${entry.actorId}`}
        {entry.address && ` · ${entry.address}`}
        {entry.userAgent && ` · ${browserOf(entry.userAgent)}`}
      </span>
    </li>
  );
}
