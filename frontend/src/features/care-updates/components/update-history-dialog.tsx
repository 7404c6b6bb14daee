import type { CareUpdate, CareUpdateVersion } from '@carecircle/libs';
import { Button, Modal, Skeleton } from 'antd';
import { fullDateTime } from '../../../shared/formatting/relative-time';
import { useLastPresent } from '../../../shared/hooks/use-last-present';
import { LoadError } from '../../../shared/ui/load-error';
import { useGetCareUpdateHistoryQuery } from '../api';

const VERB: Record<CareUpdateVersion['type'], string> = { posted: 'Posted', edited: 'Edited', removed: 'Removed' };

/** Every version of an update, oldest first (GET /api/updates/{id}/history). */
export function UpdateHistoryDialog({ update, onClose }: { update: CareUpdate | null; onClose: () => void }) {
  const shown = useLastPresent(update);
  const { data, isLoading, isError, refetch } = useGetCareUpdateHistoryQuery(shown?.id ?? '', { skip: !shown });
  return (
    <Modal
      open={update !== null}
      title="Update History"
      onCancel={onClose}
      footer={
        <div className="dialog-actions">
          <Button onClick={onClose}>Close</Button>
        </div>
      }
    >
      {isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : isError || !data ? (
        <LoadError title="Could not load the history." onRetry={() => refetch()} />
      ) : (
        <ol className="update-history">
          {data.map((version) => (
            <li key={version.revision} className="update-history__item">
              <div className="update-history__meta">
                {VERB[version.type]} by {version.actorName}, <time dateTime={version.occurredAt}>{fullDateTime(version.occurredAt)}</time>
                {version.important && version.type !== 'removed' ? ' (important)' : ''}
              </div>
              {version.text !== null && <p className="update-history__text">{version.text}</p>}
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
