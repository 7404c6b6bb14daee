import { EditOutlined } from '@ant-design/icons';
import { ADMIN_SEARCH_MAX_LENGTH, ROLE_LABELS, type AdminUser } from '@carecircle/libs';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { EditSubscriptionDialog } from './edit-subscription-dialog';
import { formatIsoDate } from '../../../shared/formatting/dates';
import { usePausedSearch } from '../../../shared/hooks/use-paused-search';
import { LoadError } from '../../../shared/ui/load-error';
import { useGetAdminUsersQuery } from '../api';
import { subscriptionLabel } from '../admin-format';

/**
 * Users: a search box (email, first or last name, ignoring case: the server filters) and the table,
 * newest first, a page at a time with "Load more".
 */
export function UsersPanel() {
  const { typed, setTyped, search, cursors, more } = usePausedSearch();
  return (
    <section className="section-card" aria-labelledby="admin-users-title">
      <h2 className="section-card__title" id="admin-users-title">
        Users
      </h2>
      <div className="admin-search">
        <label htmlFor="admin-search">Search users</label>
        <Input id="admin-search" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="Email, first or last name" maxLength={ADMIN_SEARCH_MAX_LENGTH} />
      </div>
      <div className="admin-table-wrap" role="region" aria-label="Users" tabIndex={0}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Role</th>
              <th scope="col">Subscription</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          {cursors.map((cursor, index) => (
            <UsersPage key={`${search}/${cursor ?? ''}`} search={search} cursor={cursor ?? null} last={index === cursors.length - 1} onMore={more} />
          ))}
        </table>
      </div>
    </section>
  );
}

function UsersPage({ search, cursor, last, onMore }: { search: string; cursor: string | null; last: boolean; onMore: (next: string) => void }) {
  const { data, isLoading, isError, refetch } = useGetAdminUsersQuery({ search, cursor });
  const colSpan = 6;
  if (isLoading) {
    return (
      <tbody>
        <tr>
          <td colSpan={colSpan} className="muted">
            Loading users...
          </td>
        </tr>
      </tbody>
    );
  }
  if (isError || !data) {
    return (
      <tbody>
        <tr>
          <td colSpan={colSpan}>
            <LoadError title="Could not load the users." onRetry={refetch} />
          </td>
        </tr>
      </tbody>
    );
  }
  return (
    <tbody>
      {data.items.length === 0 && cursor === null && (
        <tr>
          <td colSpan={colSpan} className="muted">
            {search ? `No users match "${search}".` : 'No users yet.'}
          </td>
        </tr>
      )}
      {data.items.map((user) => (
        <UserRow key={user.id} user={user} />
      ))}
      {last && data.next && (
        <tr>
          <td colSpan={colSpan}>
            <Button onClick={() => onMore(data.next!)}>Load more</Button>
          </td>
        </tr>
      )}
    </tbody>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const [editing, setEditing] = useState(false);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <tr>
      <td>
        <span className="admin-table__name">{name || user.email}</span>
        {name && <span className="admin-table__email">{user.email}</span>}
      </td>
      <td>{ROLE_LABELS[user.role]}</td>
      <td>{subscriptionLabel(user)}</td>
      <td>
        <span className={user.subscriptionActive ? 'status-badge status-badge--on' : 'status-badge'}>{user.subscriptionActive ? 'Active' : 'Inactive'}</span>
      </td>
      <td>{formatIsoDate(user.createdAt.slice(0, 10))}</td>
      <td>
        <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${name || user.email}`} onClick={() => setEditing(true)} />
        {editing && <EditSubscriptionDialog user={user} onClose={() => setEditing(false)} />}
      </td>
    </tr>
  );
}
