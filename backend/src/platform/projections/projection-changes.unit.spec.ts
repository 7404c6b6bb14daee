import { describe, expect, it } from '@jest/globals';
import { changedChildren, groupChangeKey, groupMemberChangeKey, parseGroupChangeKey, ProjectionChangePublisher, projectionChangeMessages, type Announcement } from './projection-changes';
import type { RecordedEvent } from '../event-store/event-store';

const ids = (n: number, prefix = 'c') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const parse = (messages: string[]) => messages.map((m) => JSON.parse(m) as Announcement[]);

describe('projectionChangeMessages', () => {
  it('puts several projections in one message, and splits one under the payload limit (150 ids)', () => {
    const messages = parse(
      projectionChangeMessages([
        { p: 'scheduling.daily-tasks', t: 'tasks', c: ['a'] },
        { p: 'scheduling.daily-progress', t: 'progress', c: ['a', 'b'] },
        { p: 'notifications.in-app', t: 'notifications', c: ids(200) },
      ]),
    );

    expect(messages).toEqual([
      [
        { p: 'scheduling.daily-tasks', t: 'tasks', c: ['a'] },
        { p: 'scheduling.daily-progress', t: 'progress', c: ['a', 'b'] },
        { p: 'notifications.in-app', t: 'notifications', c: ids(147) },
      ],
      [{ p: 'notifications.in-app', t: 'notifications', c: ids(200).slice(147) }],
    ]);
    for (const message of projectionChangeMessages([{ p: 'x', t: 'x', c: ids(1000, 'f47ac10b-58cc-4372-a567-0e02b2c3d4') }])) {
      expect(Buffer.byteLength(message)).toBeLessThan(8000);
    }
    expect(projectionChangeMessages([])).toEqual([]);
  });
});

describe('ProjectionChangePublisher', () => {
  it('sends what several projections announce at about the same time in one notification, and nothing for no recipients', async () => {
    const sent: string[] = [];
    const publisher = new ProjectionChangePublisher(async (payload) => void sent.push(payload), { warn: () => {} });

    publisher.announce({ name: 'scheduling.daily-tasks' }, ['a']);
    publisher.announce({ name: 'scheduling.daily-progress', liveTopic: 'progress' }, ['a']);
    publisher.announce({ name: 'care-recipients.children' }, []);
    await publisher.flush();

    expect(parse(sent)).toEqual([
      [
        { p: 'scheduling.daily-tasks', t: 'daily-tasks', c: ['a'] },
        { p: 'scheduling.daily-progress', t: 'progress', c: ['a'] },
      ],
    ]);
    await publisher.flush();
    expect(sent).toHaveLength(1);
  });

  it('sends on its own soon after an announcement, and a failed send does not stop the next', async () => {
    const sent: string[] = [];
    let fail = true;
    const warnings: string[] = [];
    const publisher = new ProjectionChangePublisher(
      async (payload) => {
        if (fail) throw new Error('connection lost');
        sent.push(payload);
      },
      { warn: (message: string) => void warnings.push(message) },
    );

    publisher.announce({ name: 'scheduling.daily-tasks' }, ['a']);
    await publisher.flush();
    fail = false;
    publisher.announce({ name: 'scheduling.daily-tasks' }, ['b']);
    while (sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    expect(warnings).toEqual(['live update not sent: connection lost']);
    expect(parse(sent)).toEqual([[{ p: 'scheduling.daily-tasks', t: 'daily-tasks', c: ['b'] }]]);
  });
});

describe('support groups on the live channel', () => {
  const groupId = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
  const postId = '6ba7b810-9dad-41d1-80b4-00c04fd430c8';
  it('a group event is announced under its group and post, a recipient event under its recipient', () => {
    const event = (data: object) => ({ data }) as RecordedEvent;
    expect(changedChildren([event({ groupId, postId }), event({ groupId, postId }), event({ groupId }), event({ childId: 'c1' })])).toEqual([
      groupChangeKey(groupId, postId),
      groupChangeKey(groupId),
      'c1',
    ]);
    expect(parseGroupChangeKey(groupChangeKey(groupId, postId))).toEqual({ groupId, postId });
    expect(parseGroupChangeKey(groupChangeKey(groupId))).toEqual({ groupId });
    expect(parseGroupChangeKey('c1')).toBeNull();
    expect(parseGroupChangeKey(`group:${groupId}/not-a-post`)).toBeNull();
  });
  it("a member's own change (a mute, a role) is announced under the group and that member, never a post", () => {
    const event = (data: object) => ({ data }) as RecordedEvent;
    const userId = '0b5e1c3a-1f2d-4c5e-9a7b-2c3d4e5f6a7b';
    expect(changedChildren([event({ groupId, userId }), event({ groupId, postId, userId })])).toEqual([groupMemberChangeKey(groupId, userId), groupChangeKey(groupId, postId)]);
    expect(parseGroupChangeKey(groupMemberChangeKey(groupId, userId))).toEqual({ groupId, userId });
    expect(parseGroupChangeKey(`group:${groupId}/member:nobody`)).toBeNull();
  });
  it('longer group keys still fit the payload limit', () => {
    const keys = Array.from({ length: 1000 }, () => groupChangeKey(groupId, postId));
    const messages = projectionChangeMessages([{ p: 'community.posts', t: 'group-posts', c: keys }]);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expect(Buffer.byteLength(message)).toBeLessThan(8000);
    expect(messages.flatMap((m) => (JSON.parse(m) as Announcement[]).flatMap((a) => a.c))).toHaveLength(1000);
  });
});
