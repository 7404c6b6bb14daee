import { FlagOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { PageSkeleton } from '../../../shared/ui/page-skeleton';
import { useGetGroupQuery } from '../api';
import { GroupHeader } from '../components/group-header';
import { GroupProblem } from '../components/group-problem';
import { JoinPrompt, MutedNotice, mutedUntil } from '../components/member-notices';
import { PostComposer } from '../components/post-composer';
import { PostList } from '../components/post-list';
import '../community.css';
import '../conversations.css';

/**
 * /groups/:groupId: the group's header and rules, New post, and its posts. A non-member sees the
 * header, the rules and Join Group; a muted member reads, with a notice instead of New post;
 * moderators also find the group's reports.
 */
export default function GroupPage() {
  const { groupId = '' } = useParams();
  const group = useGetGroupQuery(groupId);
  useDocumentTitle(group.data?.name ?? 'Support group');

  if (group.isLoading) return <PageSkeleton />;
  if (group.isError || !group.data) {
    return <GroupProblem error={group.error} what="group" back={{ to: '/groups', label: 'Back to Support Groups' }} onRetry={() => void group.refetch()} />;
  }
  const detail = group.data;
  const muted = mutedUntil(detail);
  return (
    <div className="page group-page" style={{ ['--group-color' as string]: detail.color }}>
      <GroupHeader group={detail}>
        {detail.isMember && (
          <div className="group-page__actions">
            {!muted && <PostComposer groupId={detail.id} groupName={detail.name} />}
            {detail.canModerate && (
              <Link to={`/groups/${detail.id}/reports`} className="group-card__link">
                <FlagOutlined aria-hidden /> Reports
              </Link>
            )}
          </div>
        )}
      </GroupHeader>
      {!detail.isMember ? (
        <JoinPrompt group={detail} />
      ) : (
        <>
          {muted && <MutedNotice until={muted} />}
          <PostList groupId={detail.id} canWrite={!muted} />
        </>
      )}
    </div>
  );
}
