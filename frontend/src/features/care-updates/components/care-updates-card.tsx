import type { CareUpdate, Child } from '@carecircle/libs';
import { Suspense, useState } from 'react';
import { useHasBeenTrue } from '../../../shared/hooks/use-has-been-true';
import { LoadError } from '../../../shared/ui/load-error';
import { LoadingOutlined, MessageOutlined } from '../../../shared/ui/icons';
import { lazyWithAntd } from '../../../shared/ui/lazy-with-antd';
import { PlainButton } from '../../../shared/ui/plain-button';
import { PlainSkeleton } from '../../../shared/ui/plain-skeleton';
import { useGetCareUpdatesInfiniteQuery } from '../api';
import { CareUpdateItem } from './care-update-item';
import { PostUpdateForm } from './post-update-form';
import './care-updates.css';
import { SectionHeader } from '../../../shared/ui/section-header';

// What opens at a tap (edit, remove, history) uses antd and loads then, with antd's theme beside it:
// the card's first show carries no antd (docs/performance.md, issue 27).
const EditUpdateDialog = lazyWithAntd(() => import('./edit-update-dialog').then((m) => ({ default: m.EditUpdateDialog })));
const RemoveUpdateDialog = lazyWithAntd(() => import('./remove-update-dialog').then((m) => ({ default: m.RemoveUpdateDialog })));
const UpdateHistoryDialog = lazyWithAntd(() => import('./update-history-dialog').then((m) => ({ default: m.UpdateHistoryDialog })));

/** Updates shown at first; "Show more" adds this many (loading the next page when needed). */
const FIRST = 5;
const MORE = 10;

interface Props {
  recipient: Child;
  now: Date;
}

/**
 * Today's "Care Updates" card: the recipient's journal, newest first, and the form to post to it.
 * Loaded on demand (home-screen.tsx), so Today's first load does not grow, and drawn without antd, so
 * showing it blocks little (issue 27); another caregiver's post shows here by itself (live topic `care-updates`).
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
        <PlainSkeleton title={false} rows={3} />
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
        <PlainButton
          onClick={isFetchingNextPage ? undefined : showMore}
          icon={isFetchingNextPage ? <LoadingOutlined className="plain-icon--spin" /> : undefined}
          aria-busy={isFetchingNextPage || undefined}
          className={isFetchingNextPage ? 'plain-button--block plain-button--loading care-updates__button care-updates__more' : 'plain-button--block care-updates__button care-updates__more'}
        >
          Show more
        </PlainButton>
      )}
      <Suspense fallback={null}>
        {editMounted && <EditUpdateDialog update={editing} onClose={() => setEditing(null)} />}
        {removeMounted && <RemoveUpdateDialog update={removing} onClose={() => setRemoving(null)} />}
        {historyMounted && <UpdateHistoryDialog update={history} onClose={() => setHistory(null)} />}
      </Suspense>
    </section>
  );
}
