import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_LIMITS, type CommentView, type ReactionSummary } from '@carecircle/libs';
import { renderWithApi, writes } from '../../../test-support/render-with-api';
import { CommentThread } from './comment-thread';
import { PostComposer } from './post-composer';
import { PostText } from './post-text';
import { ReactionBar } from './reaction-bar';

const LOAD = { timeout: 30_000 };
afterEach(() => vi.unstubAllGlobals());

const summary = (like: number, mine: ReactionSummary['mine'] = []): ReactionSummary => ({ counts: { like, thank_you: 0, helpful: 0 }, mine });
const comment = (id: string, body: string, more: Partial<CommentView> = {}): CommentView => ({
  id,
  postId: 'p1',
  parentCommentId: null,
  body,
  isAnonymous: false,
  author: { id: `u-${id}`, name: `Author ${id}` },
  authorName: `Author ${id}`,
  isMine: false,
  removed: false,
  removedBy: null,
  removalReason: null,
  authorMutedUntil: null,
  reactions: summary(0),
  createdAt: new Date().toISOString(),
  replies: [],
  ...more,
});

describe('PostText', () => {
  it('renders text as text, line breaks kept, and only https addresses as links that tell the site nothing', () => {
    const { container } = renderWithApi(<PostText text={'<img src=x onerror=alert(1)>\nSee https://example.org/help, not javascript:alert(1) or http://a.org'} />);
    const paragraph = container.querySelector('p.post-text')!;
    expect(paragraph.querySelector('img')).toBeNull();
    expect(paragraph.textContent).toBe('<img src=x onerror=alert(1)>\nSee https://example.org/help, not javascript:alert(1) or http://a.org');
    const links = within(paragraph as HTMLElement).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('https://example.org/help');
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(links[0].getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  });
});

describe('PostComposer', () => {
  it('counts against the limits, refuses to send past them, and posts anonymously when asked', async () => {
    const { sent } = renderWithApi(<PostComposer groupId="g1" groupName="Autism Support" />, ({ method }) =>
      method === 'POST' ? { status: 201, body: { id: 'p1' } } : { body: { items: [], next: null } },
    );
    await userEvent.click(screen.getByRole('button', { name: 'New post' }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    const post = within(dialog).getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);
    const title = within(dialog).getByLabelText('Title');
    fireEvent.change(title, { target: { value: 'a'.repeat(COMMUNITY_LIMITS.titleMax + 2) } });
    expect(within(dialog).getByText('2 characters too many')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(dialog).getByLabelText('Your post'), { target: { value: 'Night feeds with a tube: what helped you?' } });
    expect(post.disabled).toBe(true);
    fireEvent.change(title, { target: { value: 'Night feeds' } });
    expect(within(dialog).getByText(`11 / ${COMMUNITY_LIMITS.titleMax}`)).toBeTruthy();
    expect(within(dialog).getByText(`41 / ${COMMUNITY_LIMITS.bodyMax}`)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Post anonymously' }));
    expect(post.disabled).toBe(false);
    await userEvent.click(post);
    await waitFor(() => expect(writes(sent)).toHaveLength(1), LOAD);
    expect(writes(sent)[0]).toEqual({ method: 'POST', path: '/api/groups/g1/posts', body: { title: 'Night feeds', body: 'Night feeds with a tube: what helped you?', isAnonymous: true } });
    expect(await screen.findByText('Your post is in Autism Support, shown as Anonymous.', {}, LOAD)).toBeTruthy();
  });

  it('keeps what was typed when the server refuses, and says why', async () => {
    renderWithApi(<PostComposer groupId="g1" groupName="Autism Support" />, () => ({
      status: 429,
      body: { statusCode: 429, message: 'You are posting too fast. Please wait a few minutes and try again.' },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'New post' }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Hello' } });
    fireEvent.change(within(dialog).getByLabelText('Your post'), { target: { value: 'Body' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('You are posting too fast. Please wait a few minutes and try again.', {}, LOAD)).toBeTruthy();
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Hello');
  });
});

describe('ReactionBar', () => {
  const target = { kind: 'post' as const, id: 'p1', postId: 'p1', groupId: 'g1' };

  it('presses a reaction at once, sends the toggle, and shows the server’s counts', async () => {
    const { sent } = renderWithApi(<ReactionBar target={target} summary={summary(2)} about="this post" />, () => ({
      body: { reacted: true, reactions: { counts: { like: 5, thank_you: 0, helpful: 0 }, mine: ['like'] } },
    }));
    const like = screen.getByRole('button', { name: 'Like 2' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(like);
    expect(screen.getByRole('button', { name: /^Like/ }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like 5' })).toBeTruthy(), LOAD);
    expect(writes(sent)[0]).toEqual({ method: 'PUT', path: '/api/reactions', body: { postId: 'p1', reactionType: 'like' } });
    expect(screen.getByRole('button', { name: 'Thank you 0' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('releases a pressed reaction on a comment, and puts it back when the server refuses', async () => {
    const comment = { ...target, kind: 'comment' as const, id: 'c1' };
    const { sent } = renderWithApi(<ReactionBar target={comment} summary={summary(1, ['like'])} about="the comment" />, () => ({
      status: 403,
      body: { statusCode: 403, message: 'You must join this group to see its posts.' },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Like 1' }));
    expect(writes(sent).length).toBeLessThanOrEqual(1);
    expect(await screen.findByText('You must join this group to see its posts.', {}, LOAD)).toBeTruthy();
    expect(writes(sent)[0].body).toEqual({ commentId: 'c1', reactionType: 'like' });
    expect(screen.getByRole('button', { name: 'Like 1' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('CommentThread', () => {
  const thread = [
    comment('c1', 'First, oldest', {
      replies: [comment('r1', 'A reply', { parentCommentId: 'c1' })],
    }),
    comment('c2', '', { removed: true, removedBy: 'moderator', removalReason: null }),
    comment('c3', 'Try 2 mg more', { removed: true, removedBy: 'moderator', removalReason: 'Medical advice', isMine: true }),
    comment('c4', '', { removed: true, removedBy: 'author', removalReason: null }),
  ];

  it('shows comments oldest first with their replies nested; Reply only on top-level comments; removed ones say by whom to every member, why only to its author', () => {
    renderWithApi(<CommentThread groupId="g1" postId="p1" comments={thread} canModerate={false} canWrite />);
    const items = screen.getAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Comment from Author c1',
      'Comment from Author r1',
      'Comment from Author c2',
      'Comment from Author c3',
      'Comment from Author c4',
    ]);
    const replies = screen.getByRole('list', { name: 'Replies to Author c1' });
    expect(within(replies).getByText('A reply')).toBeTruthy();
    expect(within(replies).queryByRole('button', { name: /^Reply/ })).toBeNull();
    expect(within(items[0]).getByRole('button', { name: 'Reply to Author c1' })).toBeTruthy();
    // Every member is told who took it away; the reason is not sent to them.
    expect(within(items[2]).getByText('Removed by a moderator')).toBeTruthy();
    expect(within(items[2]).queryByText(/Reason:/)).toBeNull();
    // Its author is sent the reason and the removed text.
    expect(within(items[3]).getByText('Removed by a moderator')).toBeTruthy();
    expect(within(items[3]).getByText('Reason: Medical advice')).toBeTruthy();
    expect(within(items[3]).getByText('Try 2 mg more')).toBeTruthy();
    expect(within(items[4]).getByText('Deleted by its author')).toBeTruthy();
    expect(within(items[4]).queryByText(/Reason:/)).toBeNull();
    expect(screen.queryByText(/^This comment was removed/)).toBeNull();
    expect(within(items[2]).queryByRole('button', { name: /^Reply/ })).toBeNull();
  });

  it('a reply is sent with its parent, anonymously when asked', async () => {
    const { sent } = renderWithApi(<CommentThread groupId="g1" postId="p1" comments={thread} canModerate={false} canWrite />, ({ method }) =>
      method === 'POST' ? { status: 201, body: comment('r2', 'ok') } : { body: {} },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reply to Author c1' }));
    const box = screen.getByRole('form', { name: 'Reply to Author c1' });
    await userEvent.type(within(box).getByLabelText('Reply to Author c1'), 'Same here');
    await userEvent.click(within(box).getByRole('switch', { name: 'Reply anonymously' }));
    await userEvent.click(within(box).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1), LOAD);
    expect(writes(sent)[0]).toEqual({ method: 'POST', path: '/api/posts/p1/comments', body: { body: 'Same here', isAnonymous: true, parentCommentId: 'c1' } });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Reply to Author c1' })).toBeNull(), LOAD);
  });

  it('a reader who may not write (muted) sees no Reply', () => {
    renderWithApi(<CommentThread groupId="g1" postId="p1" comments={thread} canModerate={false} canWrite={false} />);
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
  });
});
