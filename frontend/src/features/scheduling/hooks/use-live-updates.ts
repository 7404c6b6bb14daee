import { useEffect } from 'react';
import { baseApi } from '../../../app/base-api';
import { useAppDispatch } from '../../../app/hooks';

/**
 * A message of GET /api/live: which read models of a recipient changed, or of a support group
 * (`group-posts`, with `postId` when one post changed; `group-reports` to its moderators; `group`
 * when the user's own standing there changed: docs/community.md).
 */
interface LiveMessage {
  childId?: string;
  groupId?: string;
  postId?: string;
  changed: string[];
}

type Tag = Parameters<typeof baseApi.util.invalidateTags>[0][number];

/** The RTK Query tags that each live topic makes stale (docs/scheduling.md, Live updates). */
function tagsFor({ childId, groupId, postId, changed }: LiveMessage): Tag[] {
  const tags: Tag[] = [];
  if (groupId) {
    // A group's conversation: its list, the open post (every post when the message names none) and its reports.
    if (changed.includes('group-posts')) tags.push({ type: 'GroupPosts', id: groupId }, postId ? { type: 'Post', id: postId } : 'Post');
    if (changed.includes('group-posts') || changed.includes('group-reports')) tags.push({ type: 'GroupReports', id: groupId });
    // The user's own standing in the group (muted, unmuted, a role): the group as they see it.
    if (changed.includes('group')) tags.push({ type: 'Group', id: groupId });
    return tags;
  }
  if (!childId) return tags;
  for (const topic of changed) {
    switch (topic) {
      case 'tasks':
        tags.push({ type: 'Task', id: childId }, 'TaskHistory');
        break;
      case 'progress':
        tags.push({ type: 'Progress', id: childId }, 'Achievement');
        break;
      case 'notifications':
        tags.push('Notification');
        break;
      case 'children':
        tags.push('Child');
        break;
      case 'medications':
        tags.push({ type: 'Medication', id: childId });
        break;
      case 'care-updates':
        tags.push({ type: 'CareUpdate', id: childId });
        break;
      case 'doctors':
        tags.push({ type: 'Doctor', id: childId });
        break;
      case 'family-support':
        tags.push({ type: 'FamilySupport', id: childId });
        break;
    }
  }
  return tags;
}

function parse(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<LiveMessage>;
    const about = typeof value.childId === 'string' || typeof value.groupId === 'string';
    return about && Array.isArray(value.changed) && (value.postId === undefined || typeof value.postId === 'string') ? (value as LiveMessage) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the dashboard current while it is open: listens to GET /api/live (server-sent events, the
 * session cookie included) and refetches what another caregiver changed. The browser reconnects by
 * itself after a drop; after a reconnect everything of the recipient is refetched, since messages
 * sent meanwhile are lost. Closed on unmount (leaving the page, signing out).
 */
export function useLiveUpdates(enabled: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/live', { withCredentials: true });
    let opened = false;
    source.onopen = () => {
      if (opened) dispatch(baseApi.util.invalidateTags(['Task', 'TaskHistory', 'Progress', 'Achievement', 'Notification', 'CareUpdate', 'Group', 'GroupPosts', 'Post', 'GroupReports']));
      opened = true;
    };
    source.onmessage = (event: MessageEvent) => {
      const message = parse(event.data);
      if (message) dispatch(baseApi.util.invalidateTags(tagsFor(message)));
    };
    return () => source.close();
  }, [enabled, dispatch]);
}
