import { act, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUP_DEFINITIONS, type PostView } from '@carecircle/libs';
import GroupPage from '../features/community/pages/group-page';
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
  reactions: { counts: { like: 0, thank_you: 0, helpful: 0 }, mine: [] },
  commentCount: 0,
  createdAt: new Date().toISOString(),
});

afterEach(() => vi.unstubAllGlobals());

describe('live updates of a group (GET /api/live)', () => {
  it('another member’s new post shows on the open group page when its group-posts message arrives', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let posts = [post('p1', 'First')];
    const server = ({ path }: SentRequest) => (path === '/api/groups/g1' ? { body: group } : path.startsWith('/api/groups/g1/posts') ? { body: { items: posts, next: null } } : { body: {} });
    renderWithApi(
      <Live>
        <Routes>
          <Route path="/groups/:groupId" element={<GroupPage />} />
        </Routes>
      </Live>,
      server,
      { at: '/groups/g1' },
    );
    expect(await screen.findByRole('link', { name: 'First' }, LOAD)).toBeTruthy();
    expect(FakeEventSource.last?.url).toBe('/api/live');
    posts = [post('p2', 'Second'), ...posts];
    act(() => FakeEventSource.last!.send({ groupId: 'g1', changed: ['group-posts'], postId: 'p2' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Second' })).toBeTruthy(), LOAD);
  });
});
