import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { ReportView } from '@carecircle/libs';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { serverMessage } from '../../../shared/api/api-error';
import { fullDateTime, relativeTime } from '../../../shared/formatting/relative-time';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { LoadError } from '../../../shared/ui/load-error';
import { PageSkeleton } from '../../../shared/ui/page-skeleton';
import { toast } from '../../../shared/ui/toast';
import { useDismissReportMutation, useGetGroupQuery, useGetReportsQuery, useMuteMemberMutation, useRemoveMutation } from '../api';
import { GroupHeader } from '../components/group-header';
import { GroupProblem } from '../components/group-problem';
import { MuteDialog, muteUntil } from '../components/mute-dialog';
import { ReasonDialog } from '../components/reason-dialog';
import '../community.css';
import '../conversations.css';

const timesText = (count: number) => (count === 1 ? 'Reported once' : `Reported ${count} times`);

function ReportItem({ report, groupId, onRemove }: { report: ReportView; groupId: string; onRemove: () => void }) {
  const [dismiss, { isLoading }] = useDismissReportMutation();
  const [mute, muting] = useMuteMemberMutation();
  const [muteOpen, setMuteOpen] = useState(false);
  const author = report.author;
  const onMute = async (days: number) => {
    if (!author) return;
    try {
      await mute({ groupId, userId: author.id, until: muteUntil(days) }).unwrap();
      void toast({ title: `${author.name} muted`, variant: 'success' });
      setMuteOpen(false);
    } catch (error) {
      void toast({ title: 'Could not mute', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    }
  };
  const noun = report.targetType === 'post' ? 'Post' : 'Comment';
  const onDismiss = async () => {
    try {
      await dismiss({ groupId, reportId: report.id }).unwrap();
      void toast({ title: 'Report dismissed', variant: 'success' });
    } catch (error) {
      void toast({ title: 'Could not dismiss the report', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    }
  };
  return (
    <li className="report-card" aria-labelledby={`report-${report.id}`}>
      <h2 id={`report-${report.id}`} className="report-card__title">
        {noun}: {timesText(report.reportCount)}
      </h2>
      <blockquote className="report-card__excerpt">{report.excerpt || '(no text)'}</blockquote>
      <p className="report-card__reason">
        <strong>Reason:</strong> {report.reason}
      </p>
      <p className="report-card__author">
        <strong>Written by:</strong> {author ? author.name : 'Deleted account'}
      </p>
      <time className="item-meta__time" dateTime={report.createdAt} title={fullDateTime(report.createdAt)}>
        {relativeTime(report.createdAt)}
      </time>
      <div className="item-actions">
        <Link to={`/groups/${groupId}/posts/${report.postId}`} className="group-card__link">
          Go to the post
        </Link>
        <Button danger onClick={onRemove}>
          Remove {noun.toLowerCase()}
        </Button>
        <Button loading={isLoading} onClick={() => void onDismiss()}>
          Dismiss
        </Button>
        {author && (
          <Button icon={<StopOutlined aria-hidden />} onClick={() => setMuteOpen(true)} aria-label={`Mute author ${author.name}`}>
            Mute author
          </Button>
        )}
      </div>
      {muteOpen && author && <MuteDialog authorName={author.name} loading={muting.isLoading} onCancel={() => setMuteOpen(false)} onConfirm={(days) => void onMute(days)} />}
    </li>
  );
}

/** /groups/:groupId/reports: the group's open reports for its moderators, newest first: go to the post, remove what was reported, dismiss, or mute its author. */
export default function ReportsPage() {
  const { groupId = '' } = useParams();
  const group = useGetGroupQuery(groupId);
  const reports = useGetReportsQuery(groupId, { skip: !group.data?.canModerate });
  const [removing, setRemoving] = useState<ReportView | null>(null);
  const [remove, removal] = useRemoveMutation();
  useDocumentTitle(group.data ? `Reports: ${group.data.name}` : 'Reports');

  if (group.isLoading || (group.data?.canModerate && reports.isLoading)) return <PageSkeleton />;
  if (group.isError || !group.data) {
    return <GroupProblem error={group.error} what="group" back={{ to: '/groups', label: 'Back to Support Groups' }} onRetry={() => void group.refetch()} />;
  }
  const back = { to: `/groups/${groupId}`, label: `Back to ${group.data.name}` };
  if (!group.data.canModerate) {
    return <GroupProblem error={{ status: 403, message: '', data: { message: "Only this group's moderators can see its reports." } }} what="group" back={back} onRetry={() => undefined} />;
  }

  const confirmRemove = async (reason: string) => {
    if (!removing) return false;
    const kind = removing.targetType;
    try {
      await remove({ kind, id: removing.commentId ?? removing.postId, postId: removing.postId, groupId, reason }).unwrap();
      void toast({ title: kind === 'post' ? 'Post removed' : 'Comment removed', variant: 'success' });
      setRemoving(null);
      return true;
    } catch (error) {
      void toast({ title: 'Could not remove it', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
      return false;
    }
  };

  return (
    <div className="page group-page">
      <GroupHeader group={group.data} compact />
      <h1 className="page__title">Reports</h1>
      {reports.isError || !reports.data ? (
        <LoadError title="Could not load the reports." onRetry={() => void reports.refetch()} />
      ) : reports.data.length === 0 ? (
        <div className="groups-empty">
          <CheckCircleOutlined className="groups-empty__icon" aria-hidden />
          <h2 className="groups-empty__title">No open reports</h2>
          <p className="groups-empty__text">When members report a post or comment, it shows here.</p>
        </div>
      ) : (
        <ul className="post-list" aria-label="Open reports">
          {reports.data.map((report) => (
            <ReportItem key={report.id} report={report} groupId={groupId} onRemove={() => setRemoving(report)} />
          ))}
        </ul>
      )}
      {removing && (
        <ReasonDialog
          title={`Remove this ${removing.targetType}`}
          intro={`Members will see "Removed by a moderator". The author will see your reason.`}
          label="Reason for removing"
          confirmLabel="Remove"
          danger
          loading={removal.isLoading}
          onCancel={() => setRemoving(null)}
          onConfirm={confirmRemove}
        />
      )}
    </div>
  );
}
