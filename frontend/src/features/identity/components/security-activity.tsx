import { useState } from 'react';
import { Button, Skeleton } from 'antd';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@carecircle/libs';
import { useGetMyAuditQuery } from '../api';
import { LoadError } from '../../../shared/ui/load-error';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The first words of a user agent that tell a person which browser it was. */
function browserOf(userAgent: string): string {
  const known = /(Edg|Firefox|Chrome|Safari|curl)\/[\d.]+/.exec(userAgent);
  return known ? known[0].split('/')[0].replace('Edg', 'Edge') : userAgent.slice(0, 40);
}

/** Account tab: the user's recent sign-ins, failures and access changes (GET /api/user/audit), page by page. */
export function SecurityActivity() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <section className="security-activity" aria-labelledby="security-activity-title">
      <h3 id="security-activity-title" className="settings-section__title">
        Recent security activity
      </h3>
      <ul className="security-activity__list">
        {cursors.map((cursor) => (
          <ActivityPage key={cursor ?? 'first'} cursor={cursor} isLast={cursor === cursors[cursors.length - 1]} onMore={(next) => setCursors([...cursors, next])} />
        ))}
      </ul>
    </section>
  );
}

function ActivityPage({ cursor, isLast, onMore }: { cursor?: string; isLast: boolean; onMore: (next: string) => void }) {
  const { data, isLoading, isError, refetch } = useGetMyAuditQuery(cursor);
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
        <LoadError title="Could not load your security activity." onRetry={() => refetch()} />
      </li>
    );
  }
  return (
    <>
      {data.items.map((entry) => (
        <ActivityItem key={entry.id} entry={entry} />
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

function ActivityItem({ entry }: { entry: AuditEntry }) {
  return (
    <li className={entry.action === 'sign_in_failed' || entry.action === 'passkey_sign_in_failed' ? 'security-activity__item security-activity__item--warning' : 'security-activity__item'}>
      <span className="security-activity__action">{AUDIT_ACTION_LABELS[entry.action]}</span>
      <span className="security-activity__detail">
        <time dateTime={entry.occurredAt}>{when(entry.occurredAt)}</time>
        {entry.address && ` · ${entry.address}`}
        {entry.userAgent && ` · ${browserOf(entry.userAgent)}`}
      </span>
    </li>
  );
}
