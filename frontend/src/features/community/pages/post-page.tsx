import type { GroupDetail, PostDetail } from '@carecircle/libs';
import { useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { PageSkeleton } from '../../../shared/ui/page-skeleton';
import { useGetGroupQuery, useGetPostQuery } from '../api';
import { CommentBox } from '../components/comment-box';
import { CommentThread } from '../components/comment-thread';
import { GroupHeader } from '../components/group-header';
import { GroupProblem } from '../components/group-problem';
import { ItemActions } from '../components/item-actions';
import { ItemMeta, RemovedNotice } from '../components/item-meta';
import { JoinPrompt, MutedNotice, mutedUntil } from '../components/member-notices';
import { PostText } from '../components/post-text';
import { ReactionBar } from '../components/reaction-bar';
import '../community.css';
import '../conversations.css';

function Post({ group, post }: { group: GroupDetail; post: PostDetail }) {
  const navigate = useNavigate();
  const muted = mutedUntil(group);
  // A removed post keeps its thread for reading; nobody adds to it.
  const canWrite = group.isMember && !muted && !post.removed;
  const target = { kind: 'post' as const, id: post.id, postId: post.id, groupId: group.id };
  const commentCount = post.comments.reduce((sum, comment) => sum + 1 + comment.replies.length, 0);
  return (
    <>
      <article className="post-detail" aria-labelledby="post-title">
        <ItemMeta authorName={post.authorName} isAnonymous={post.isAnonymous} createdAt={post.createdAt} isPinned={post.isPinned} />
        <h1 id="post-title" className="post-detail__title">
          {post.title || 'Removed post'}
        </h1>
        {post.removed ? <RemovedNotice item={post} /> : <PostText text={post.body} />}
        {!post.removed && <ReactionBar target={target} summary={post.reactions} disabled={!canWrite} about="this post" />}
        <ItemActions
          item={{ ...target, isMine: post.isMine, removed: post.removed, authorId: post.author?.id ?? null, authorName: post.authorName, authorMutedUntil: post.authorMutedUntil, isPinned: post.isPinned }}
          canModerate={group.canModerate}
          onDeleted={() => navigate(`/groups/${group.id}`)}
        />
      </article>
      <section className="post-comments" aria-labelledby="comments-title">
        <h2 id="comments-title" className="post-comments__title">
          Comments ({commentCount})
        </h2>
        <CommentThread groupId={group.id} postId={post.id} comments={post.comments} canModerate={group.canModerate} canWrite={canWrite} />
        {muted ? <MutedNotice until={muted} /> : canWrite && <CommentBox groupId={group.id} postId={post.id} />}
      </section>
    </>
  );
}

/** /groups/:groupId/posts/:postId: one post, its reactions, and its comments with their replies. */
export default function PostPage() {
  const { groupId = '', postId = '' } = useParams();
  const group = useGetGroupQuery(groupId);
  const post = useGetPostQuery(postId, { skip: !group.data?.isMember });
  useDocumentTitle(post.data?.title || group.data?.name || 'Group post');

  if (group.isLoading || (group.data?.isMember && post.isLoading)) return <PageSkeleton />;
  if (group.isError || !group.data) {
    return <GroupProblem error={group.error} what="group" back={{ to: '/groups', label: 'Back to Support Groups' }} onRetry={() => void group.refetch()} />;
  }
  const back = { to: `/groups/${groupId}`, label: `Back to ${group.data.name}` };
  return (
    <div className="page group-page" style={{ ['--group-color' as string]: group.data.color }}>
      <GroupHeader group={group.data} compact />
      {!group.data.isMember ? (
        <>
          <h1 className="post-detail__title">Join {group.data.name} to read this post</h1>
          <JoinPrompt group={group.data} />
        </>
      ) : post.isError || !post.data ? (
        <GroupProblem error={post.error} what="post" back={back} onRetry={() => void post.refetch()} />
      ) : (
        <Post group={group.data} post={post.data} />
      )}
    </div>
  );
}
