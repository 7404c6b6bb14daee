import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUP_DEFINITIONS, type GroupDetail, type PostDetail, type PostView, type ReportView } from '@carecircle/libs';
import { renderWithApi, writes, type SentRequest } from '../../../test-support/render-with-api';
import GroupPage from './group-page';
import PostPage from './post-page';
import ReportsPage from './reports-page';

const LOAD = { timeout: 30_000 };
afterEach(() => vi.unstubAllGlobals());

const { name, description, icon, color, rules, category } = GROUP_DEFINITIONS[0];
const group = (more: Partial<GroupDetail> = {}): GroupDetail => ({
  id: 'g1',
  name,
  description,
  category,
  icon,
  color,
  rules: [...rules],
  memberCount: 3,
  isMember: true,
  myRole: 'member',
  mutedUntil: null,
  canModerate: false,
  ...more,
});
const post = (id: string, title: string, more: Partial<PostView> = {}): PostView => ({
  id,
  groupId: 'g1',
  title,
  body: `Body of ${title}`,
  isAnonymous: false,
  isPinned: false,
  author: { id: 'u2', name: 'Bea' },
  authorName: 'Bea',
  isMine: false,
  removed: false,
  removedBy: null,
  removalReason: null,
  authorMutedUntil: null,
  reactions: { counts: { like: 2, thank_you: 1, helpful: 0 }, mine: [] },
  commentCount: 1,
  createdAt: new Date().toISOString(),
  ...more,
});

const routes = (
  <Routes>
    <Route path="/groups/:groupId" element={<GroupPage />} />
    <Route path="/groups/:groupId/posts/:postId" element={<PostPage />} />
  </Routes>
);

describe('GroupPage', () => {
  it('a member sees the header, rules, New post and the posts, pinned first; the next page loads on Load more posts', async () => {
    const server = ({ path }: SentRequest) => {
      if (path === '/api/groups/g1') return { body: group() };
      if (path === '/api/groups/g1/posts') return { body: { items: [post('p1', 'Welcome', { isPinned: true }), post('p2', 'Night feeds', { isAnonymous: true, author: null, authorName: 'Anonymous' })], next: 'c2' } };
      if (path === '/api/groups/g1/posts?cursor=c2') return { body: { items: [post('p3', 'Older one')], next: null } };
      return { status: 404, body: { statusCode: 404, message: 'Not found' } };
    };
    renderWithApi(routes, server, { at: '/groups/g1' });
    expect(await screen.findByRole('heading', { name: 'Autism Support', level: 1 }, LOAD)).toBeTruthy();
    expect(screen.getByText('3 members')).toBeTruthy();
    expect(screen.getByText('Group rules')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New post' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Posts' }, LOAD);
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Welcome', 'Night feeds']);
    expect(within(cards[0]).getByText('Pinned')).toBeTruthy();
    expect(within(cards[1]).getByText('Anonymous')).toBeTruthy();
    expect(within(cards[0]).getByText('2 Like, 1 Thank you')).toBeTruthy();
    expect(within(cards[0]).getByText('1 comment')).toBeTruthy();
    expect(within(cards[0]).getByRole('link', { name: 'Welcome' }).getAttribute('href')).toBe('/groups/g1/posts/p1');
    await userEvent.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3), LOAD);
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
  });

  it('a non-member sees the header, the rules and Join Group, and no posts are asked for', async () => {
    const { sent } = renderWithApi(routes, ({ path }) => (path === '/api/groups/g1' ? { body: group({ isMember: false, myRole: null }) } : { body: { statusCode: 403 }, status: 403 }), { at: '/groups/g1' });
    expect(await screen.findByRole('button', { name: 'Join Group' }, LOAD)).toBeTruthy();
    expect(screen.getByText(rules[0])).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New post' })).toBeNull();
    expect(sent.some((request) => request.path.includes('/posts'))).toBe(false);
  });

  it('a muted member reads, with the date, and has no New post', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    renderWithApi(routes, ({ path }) => (path === '/api/groups/g1' ? { body: group({ mutedUntil: until }) } : { body: { items: [post('p1', 'Welcome')], next: null } }), { at: '/groups/g1' });
    expect(await screen.findByText(/^You are muted in this group until /, {}, LOAD)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Welcome' }, LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New post' })).toBeNull();
  });

  it('an unknown group is said kindly, with the way back', async () => {
    renderWithApi(routes, () => ({ status: 404, body: { statusCode: 404, message: 'Group not found.' } }), { at: '/groups/g9' });
    expect(await screen.findByRole('heading', { name: 'Group not found' }, LOAD)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Support Groups' }).getAttribute('href')).toBe('/groups');
  });
});

describe('PostPage', () => {
  const detail = (more: Partial<PostDetail> = {}): PostDetail => ({ ...post('p1', 'Night feeds'), comments: [], ...more });

  it('a moderator pins, and removes with a required reason', async () => {
    const server = ({ method, path }: SentRequest) => {
      if (method !== 'GET') return { body: method === 'POST' ? post('p1', 'Night feeds', { isPinned: true }) : undefined };
      if (path === '/api/groups/g1') return { body: group({ canModerate: true, myRole: 'moderator' }) };
      return { body: detail() };
    };
    const { sent } = renderWithApi(routes, server, { at: '/groups/g1/posts/p1' });
    expect(await screen.findByRole('heading', { name: 'Night feeds', level: 1 }, LOAD)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(writes(sent)[0]).toMatchObject({ method: 'POST', path: '/api/posts/p1/pin' }), LOAD);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this post' }, LOAD);
    const confirm = within(dialog).getByRole('button', { name: 'Remove' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Reason for removing'), 'Medical advice');
    await userEvent.click(confirm);
    await waitFor(() => expect(writes(sent)[1]).toEqual({ method: 'DELETE', path: '/api/posts/p1', body: { reason: 'Medical advice' } }), LOAD);
    expect(await screen.findByText('Post removed', {}, LOAD)).toBeTruthy();
  });

  it('a moderator sees a muted author on the post page and unmutes them; the post is read again', async () => {
    let mutedUntil: string | null = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const server = ({ method, path }: SentRequest) => {
      if (method === 'DELETE') {
        mutedUntil = null;
        return {};
      }
      if (path === '/api/groups/g1') return { body: group({ canModerate: true, myRole: 'moderator' }) };
      return { body: detail({ authorMutedUntil: mutedUntil }) };
    };
    const { sent } = renderWithApi(routes, server, { at: '/groups/g1/posts/p1' });
    expect(await screen.findByText(/^Author muted until/, {}, LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mute author' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Unmute author' }));
    await waitFor(() => expect(writes(sent)).toEqual([{ method: 'DELETE', path: '/api/groups/g1/members/u2/mute', body: undefined }]), LOAD);
    expect(await screen.findByText('Bea unmuted', {}, LOAD)).toBeTruthy();
    // The post is read again: the author is no longer muted, so Mute is offered instead.
    expect(await screen.findByRole('button', { name: 'Mute author' }, LOAD)).toBeTruthy();
    expect(screen.queryByText(/^Author muted until/)).toBeNull();
  });

  it('the author of a removed post sees it was removed and why', async () => {
    renderWithApi(routes, ({ path }) => (path === '/api/groups/g1' ? { body: group() } : { body: detail({ removed: true, removedBy: 'moderator', body: '', isMine: true, removalReason: 'Off topic' }) }), {
      at: '/groups/g1/posts/p1',
    });
    expect(await screen.findByText('Removed by a moderator', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('Reason: Off topic')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Reactions to this post' })).toBeNull();
  });
});

describe('ReportsPage', () => {
  const report = (id: string, more: Partial<ReportView> = {}): ReportView => ({
    id,
    targetType: 'comment',
    postId: 'p1',
    commentId: `c-${id}`,
    excerpt: 'Rude words',
    reason: 'Rude',
    reportCount: 2,
    createdAt: new Date().toISOString(),
    author: { id: 'u2', name: 'Bea' },
    ...more,
  });

  it("a moderator sees who wrote each reported item and mutes its author from the queue; a deleted account's has no Mute", async () => {
    const { sent } = renderWithApi(
      <Routes>
        <Route path="/groups/:groupId/reports" element={<ReportsPage />} />
      </Routes>,
      ({ path, method }) =>
        path === '/api/groups/g1'
          ? { body: group({ myRole: 'moderator', canModerate: true }) }
          : path === '/api/groups/g1/reports'
            ? { body: [report('r1'), report('r2', { excerpt: 'Old words', author: null })] }
            : method === 'POST'
              ? { body: { userId: 'u2', mutedUntil: new Date().toISOString() } }
              : { body: {} },
      { at: '/groups/g1/reports' },
    );
    const cards = within(await screen.findByRole('list', { name: 'Open reports' }, LOAD)).getAllByRole('listitem');
    expect(within(cards[0]).getByText('Bea')).toBeTruthy();
    expect(within(cards[1]).getByText('Deleted account')).toBeTruthy();
    expect(within(cards[1]).queryByRole('button', { name: /^Mute author/ })).toBeNull();
    const before = Date.now();
    await userEvent.click(within(cards[0]).getByRole('button', { name: 'Mute author Bea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mute Bea' }, LOAD);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'For 1 day' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1), LOAD);
    const [write] = writes(sent);
    expect(write).toMatchObject({ method: 'POST', path: '/api/groups/g1/members/u2/mute' });
    const until = Date.parse((write.body as { until: string }).until);
    expect(until - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(until - before).toBeLessThan(86_400_000 + 60_000);
    expect(await screen.findByText('Bea muted', {}, LOAD)).toBeTruthy();
  });
});
