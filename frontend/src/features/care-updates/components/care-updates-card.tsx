import { MessageOutlined } from '@ant-design/icons';
import type { CareUpdate, Child } from '@carecircle/libs';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useHasBeenTrue } from '../../../shared/hooks/use-has-been-true';
import { LoadError } from '../../../shared/ui/load-error';
import { useGetCareUpdatesInfiniteQuery } from '../api';
import { CareUpdateItem } from './care-update-item';
import { EditUpdateDialog } from './edit-update-dialog';
import { PostUpdateForm } from './post-update-form';
import { RemoveUpdateDialog } from './remove-update-dialog';
import { UpdateHistoryDialog } from './update-history-dialog';
import './care-updates.css';
import { SectionHeader } from '../../../shared/ui/section-header';

/** Updates shown at first; "Show more" adds this many (loading the next page when needed). */
const FIRST = 5;
const MORE = 10;

interface Props {
  recipient: Child;
  now: Date;
}

/**
 * Today's "Care Updates" card: the recipient's journal, newest first, and the form to post to it.
 * Loaded on demand (home-screen.tsx), so Today's first load does not grow; another caregiver's post
 * shows here by itself (live topic `care-updates`).
 */
export function CareUpdatesCard({ recipient, now }: Props) {
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetCareUpdatesInfiniteQuery(recipient.id);
  const [visible, setVisible] = useState(FIRST);
  const [editing, setEditing] = useState<CareUpdate | null>(null);
  const [removing, setRemoving] = useState<CareUpdate | null>(null);
  const [history, setHistory] = useState<CareUpdate | null>(null);
  const editMounted = useHasBeenTrue(editing !== null);
  const removeMounted = useHasBeenTrue(removing !== null);
  const historyMounted = useHasBeenTrue(history !== null);
  const headingId = `care-updates-${recipient.id}`;
  const updates = data?.pages.flatMap((page) => page.items) ?? [];
  const shown = updates.slice(0, visible);
  const more = updates.length > visible || hasNextPage;

  const showMore = () => {
    const next = visible + MORE;
    setVisible(next);
    if (updates.length < next && hasNextPage) void fetchNextPage();
  };

  return (
    <section className="section-card care-updates" aria-labelledby={headingId}>
      <SectionHeader block="section-card" titleId={headingId} icon={<MessageOutlined aria-hidden />} title="Care Updates" />
      <PostUpdateForm recipient={recipient} />
      {isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : isError && !data ? (
        <LoadError title="Could not load care updates." onRetry={() => refetch()} />
      ) : updates.length === 0 ? (
        <p className="muted section-card__empty">No updates yet. Share how {recipient.firstName} is doing.</p>
      ) : (
        <ul className="care-updates__list" aria-label={`Updates about ${recipient.firstName}`}>
          {shown.map((update) => (
            <CareUpdateItem key={update.id} update={update} now={now} onEdit={setEditing} onRemove={setRemoving} onShowHistory={setHistory} />
          ))}
        </ul>
      )}
      {more && !isLoading && (
        <Button block onClick={showMore} loading={isFetchingNextPage} className="care-updates__button care-updates__more">
          Show more
        </Button>
      )}
      {editMounted && <EditUpdateDialog update={editing} onClose={() => setEditing(null)} />}
      {removeMounted && <RemoveUpdateDialog update={removing} onClose={() => setRemoving(null)} />}
      {historyMounted && <UpdateHistoryDialog update={history} onClose={() => setHistory(null)} />}
    </section>
  );
}
