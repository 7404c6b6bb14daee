import { MessageOutlined } from '@ant-design/icons';
import type { PostView } from '@carecircle/libs';
import { Link } from 'react-router-dom';
import { reactionCountsText } from '../logic/reactions';
import { ItemMeta, RemovedNotice } from './item-meta';

const EXCERPT_LENGTH = 220;
const excerptOf = (body: string) => (body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH).trimEnd()}…` : body);
const commentsText = (count: number) => `${count} ${count === 1 ? 'comment' : 'comments'}`;

/** One post in a group's list: title (the link to the post), the start of its text, author, time, comments and reactions. */
export function PostCard({ post }: { post: PostView }) {
  const reactions = reactionCountsText(post.reactions);
  const titleId = `post-${post.id}`;
  return (
    <li className={post.isPinned ? 'post-card post-card--pinned' : 'post-card'} aria-labelledby={titleId}>
      <ItemMeta authorName={post.authorName} isAnonymous={post.isAnonymous} createdAt={post.createdAt} isPinned={post.isPinned} />
      <h2 className="post-card__title" id={titleId}>
        <Link to={`/groups/${post.groupId}/posts/${post.id}`}>{post.title || 'Removed post'}</Link>
      </h2>
      {post.removed ? <RemovedNotice item={post} /> : <p className="post-card__excerpt">{excerptOf(post.body)}</p>}
      <p className="post-card__counts">
        <span>
          <MessageOutlined aria-hidden /> {commentsText(post.commentCount)}
        </span>
        {reactions && <span>{reactions}</span>}
      </p>
    </li>
  );
}
