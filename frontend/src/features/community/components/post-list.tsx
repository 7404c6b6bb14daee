import { FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { LoadError } from '../../../shared/ui/load-error';
import { useGetGroupPostsInfiniteQuery } from '../api';
import { CardSkeletons } from './card-skeletons';
import { PostCard } from './post-card';

/**
 * A group's posts, pinned first then newest, 20 at a time: the next page loads as the end of the
 * list comes into view (and with Load more posts, for keyboards and screen readers). A live update or
 * a change of the user's reads every loaded page again.
 */
export function PostList({ groupId, canWrite }: { groupId: string; canWrite: boolean }) {
  const posts = useGetGroupPostsInfiniteQuery(groupId);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = posts;

  useEffect(() => {
    const node = end.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (posts.isLoading) return <CardSkeletons listClass="post-list" cardClass="post-card" label="Loading posts" />;
  if (posts.isError || !posts.data) return <LoadError title="Could not load the posts." onRetry={() => void posts.refetch()} />;
  const items = posts.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="groups-empty">
        <FileTextOutlined className="groups-empty__icon" aria-hidden />
        <h2 className="groups-empty__title">No posts yet</h2>
        <p className="groups-empty__text">{canWrite ? 'Start the conversation: ask a question or share what helped you.' : 'Posts will show here.'}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="post-list" aria-label="Posts">
        {items.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </ul>
      {posts.isFetchNextPageError && <LoadError title="Could not load more posts." onRetry={() => void fetchNextPage()} />}
      <div ref={end} className="post-list__end">
        {hasNextPage && !posts.isFetchNextPageError && (
          <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Load more posts
          </Button>
        )}
      </div>
    </>
  );
}
