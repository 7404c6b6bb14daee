import { MessageOutlined } from '@ant-design/icons';
import type { CommentView } from '@carecircle/libs';
import { Button } from 'antd';
import { useState } from 'react';
import { CommentBox } from './comment-box';
import { ItemActions } from './item-actions';
import { ItemMeta, RemovedNotice } from './item-meta';
import { PostText } from './post-text';
import { ReactionBar } from './reaction-bar';

interface ThreadProps {
  groupId: string;
  postId: string;
  comments: CommentView[];
  canModerate: boolean;
  /** Members who are not muted may reply and react. */
  canWrite: boolean;
}

function CommentItem({ comment, groupId, canModerate, canWrite, onReply }: { comment: CommentView; groupId: string; canModerate: boolean; canWrite: boolean; onReply?: () => void }) {
  const target = { kind: 'comment' as const, id: comment.id, postId: comment.postId, groupId };
  return (
    <article className="comment" aria-label={`Comment from ${comment.authorName}`}>
      <ItemMeta authorName={comment.authorName} isAnonymous={comment.isAnonymous} createdAt={comment.createdAt} />
      {comment.removed ? <RemovedNotice item={comment} /> : <PostText text={comment.body} className="post-text comment__text" />}
      {!comment.removed && <ReactionBar target={target} summary={comment.reactions} disabled={!canWrite} about={`the comment from ${comment.authorName}`} />}
      <div className="comment__actions">
        {onReply && canWrite && !comment.removed && (
          <Button size="small" type="text" icon={<MessageOutlined aria-hidden />} onClick={onReply} aria-label={`Reply to ${comment.authorName}`}>
            Reply
          </Button>
        )}
        <ItemActions
          item={{ ...target, isMine: comment.isMine, removed: comment.removed, authorId: comment.author?.id ?? null, authorName: comment.authorName, authorMutedUntil: comment.authorMutedUntil }}
          canModerate={canModerate}
        />
      </div>
    </article>
  );
}

/**
 * A post's comments, oldest first, each with its replies under it (one level: only a top-level
 * comment has Reply). A removed comment keeps its place, so the replies around it still make sense.
 */
export function CommentThread({ groupId, postId, comments, canModerate, canWrite }: ThreadProps) {
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  if (comments.length === 0) return <p className="comment-thread__empty">No comments yet. Be the first to reply.</p>;
  return (
    <ol className="comment-thread">
      {comments.map((comment) => (
        <li key={comment.id} className="comment-thread__item">
          <CommentItem comment={comment} groupId={groupId} canModerate={canModerate} canWrite={canWrite} onReply={() => setReplyingTo(comment.id)} />
          {comment.replies.length > 0 && (
            <ol className="comment-thread__replies" aria-label={`Replies to ${comment.authorName}`}>
              {comment.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem comment={reply} groupId={groupId} canModerate={canModerate} canWrite={canWrite} />
                </li>
              ))}
            </ol>
          )}
          {replyingTo === comment.id && (
            <CommentBox
              groupId={groupId}
              postId={postId}
              parent={{ id: comment.id, authorName: comment.authorName }}
              onDone={() => setReplyingTo(null)}
              onCancel={() => setReplyingTo(null)}
            />
          )}
        </li>
      ))}
    </ol>
  );
}
