import { act, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUP_DEFINITIONS, type PostView, type ReportView } from '@carecircle/libs';
import GroupPage from '../features/community/pages/group-page';
import ReportsPage from '../features/community/pages/reports-page';
import { useLiveUpdates } from '../features/scheduling/hooks/use-live-updates';
import { renderWithApi, type SentRequest } from '../test-support/render-with-api';

const LOAD = { timeout: 30_000 };

/** The one /api/live stream the layout opens, played by the test. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  send(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
  close() {}
}

function Live({ children }: { children: ReactNode }) {
  useLiveUpdates(true);
  return children;
}

const { name, description, icon, color, rules, category } = GROUP_DEFINITIONS[0];
const group = { id: 'g1', name, description, category, icon, color, rules: [...rules], memberCount: 2, isMember: true, myRole: 'member', mutedUntil: null, canModerate: false };
const post = (id: string, title: string): PostView => ({
  id,
  groupId: 'g1',
  title,
  body: 'Text',
  isAnonymous: true,
  isPinned: false,
  author: null,
  authorName: 'Anonymous',
  isMine: false,
  removed: false,
  removedBy: null,
  removalReason: null,
  authorMutedUntil: null,
  reactions: { counts: { like: 0, thank_you: 0, helpful: 0 }, mine: [] },
  commentCount: 0,
  createdAt: new Date().toISOString(),
});

afterEach(() => vi.unstubAllGlobals());

/** The group page of g1 under the live connection, answered by `server`. */
const openGroupPage = (server: (request: SentRequest) => { body: unknown }) =>
  renderWithApi(
    <Live>
      <Routes>
        <Route path="/groups/:groupId" element={<GroupPage />} />
      </Routes>
    </Live>,
    server,
    { at: '/groups/g1' },
  );

describe('live updates of a group (GET /api/live)', () => {
  it('another member’s new post shows on the open group page when its group-posts message arrives', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let posts = [post('p1', 'First')];
    const server = ({ path }: SentRequest) => (path === '/api/groups/g1' ? { body: group } : path.startsWith('/api/groups/g1/posts') ? { body: { items: posts, next: null } } : { body: {} });
    openGroupPage(server);
    expect(await screen.findByRole('link', { name: 'First' }, LOAD)).toBeTruthy();
    expect(FakeEventSource.last?.url).toBe('/api/live');
    posts = [post('p2', 'Second'), ...posts];
    act(() => FakeEventSource.last!.send({ groupId: 'g1', changed: ['group-posts'], postId: 'p2' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Second' })).toBeTruthy(), LOAD);
  });

  it("the user's own mute shows on the open group page when its group message arrives, and goes with the unmute", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let mutedUntil: string | null = null;
    const server = ({ path }: SentRequest) =>
      path === '/api/groups/g1' ? { body: { ...group, mutedUntil } } : path.startsWith('/api/groups/g1/posts') ? { body: { items: [post('p1', 'First')], next: null } } : { body: {} };
    openGroupPage(server);
    expect(await screen.findByRole('button', { name: 'New post' }, LOAD)).toBeTruthy();
    mutedUntil = new Date(Date.now() + 7 * 86_400_000).toISOString();
    act(() => FakeEventSource.last!.send({ groupId: 'g1', changed: ['group'] }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New post' })).toBeNull(), LOAD);
    expect(screen.getByText(/You are muted in this group until/)).toBeTruthy();
    mutedUntil = null;
    act(() => FakeEventSource.last!.send({ groupId: 'g1', changed: ['group'] }));
    expect(await screen.findByRole('button', { name: 'New post' }, LOAD)).toBeTruthy();
  });

  it("a moderator's open report queue reads the reports again when a group-reports message arrives", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const report = (id: string, excerpt: string): ReportView => ({
      id,
      targetType: 'post',
      postId: 'p1',
      commentId: null,
      excerpt,
      reason: 'Spam',
      reportCount: 1,
      createdAt: new Date().toISOString(),
      author: { id: 'u2', name: 'Bea' },
    });
    let reports = [report('r1', 'Cheap pills')];
    const server = ({ path }: SentRequest) =>
      path === '/api/groups/g1' ? { body: { ...group, myRole: 'moderator', canModerate: true } } : path === '/api/groups/g1/reports' ? { body: reports } : { body: {} };
    renderWithApi(
      <Live>
        <Routes>
          <Route path="/groups/:groupId/reports" element={<ReportsPage />} />
        </Routes>
      </Live>,
      server,
      { at: '/groups/g1/reports' },
    );
    expect(await screen.findByText('Cheap pills', {}, LOAD)).toBeTruthy();
    reports = [report('r2', 'Rude words'), ...reports];
    act(() => FakeEventSource.last!.send({ groupId: 'g1', changed: ['group-reports'], postId: 'p1' }));
    expect(await screen.findByText('Rude words', {}, LOAD)).toBeTruthy();
  });
});
