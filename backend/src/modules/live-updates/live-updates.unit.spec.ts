import { describe, expect, it } from '@jest/globals';
import type { Request, Response } from 'express';
import type { User } from '@carecircle/libs';
import type { ChildChanges, ProjectionChangeFeed } from '../../platform/projections/projection-changes';
import type { SessionEndings } from '../../platform/session/session-endings';
import type { GroupsQuery } from '../community';
import type { ChildrenQuery } from '../care-recipients';
import { LiveUpdatesController } from './live-updates.http';

/** What the stream did to its response, in order; writing headers after the body has started throws, as in Node. */
function fakeResponse() {
  const calls: string[] = [];
  let headersSent = false;
  const res = {
    get headersSent() {
      return headersSent;
    },
    status: () => res,
    set: () => {
      if (headersSent) throw new Error('ERR_HTTP_HEADERS_SENT');
      calls.push('headers');
      return res;
    },
    flushHeaders: () => (headersSent = true),
    write: (chunk: string) => {
      headersSent = true;
      calls.push(chunk.includes(': connected') ? 'connected' : chunk.trim());
      return true;
    },
    end: () => calls.push('end'),
    on: () => res,
  };
  return { res: res as unknown as Response, calls };
}

const CHILD = 'child-1';
const change: ChildChanges = { childId: CHILD, changed: ['daily-tasks'] };

describe('GET /api/live', () => {
  it('holds a change announced while the stream is set up until it is connected, then sends it', async () => {
    let announce: (changes: ChildChanges[]) => void = () => undefined;
    const feed = { subscribe: async (listener: (changes: ChildChanges[]) => void) => ((announce = listener), () => undefined) };
    // The change arrives while the session watch is still being set up (its listener connecting).
    const sessions = {
      watch: async () => {
        announce([change]);
        await new Promise((resolve) => setTimeout(resolve, 10));
        return () => undefined;
      },
      isLive: async () => true,
    };
    const children = { listFor: async () => [{ id: CHILD }] };
    const groups = { rolesIn: async () => new Map<string, string>() };
    const controller = new LiveUpdatesController(
      feed as unknown as ProjectionChangeFeed,
      children as unknown as ChildrenQuery,
      groups as unknown as GroupsQuery,
      sessions as unknown as SessionEndings,
    );
    const { res, calls } = fakeResponse();
    const req = { sessionID: 'sid', session: { signedInAt: Date.now() }, on: () => undefined, destroyed: false } as unknown as Request;

    try {
      await controller.stream({ id: 'user-1' } as User, req, res);
      // The held change is sent once access is checked (a read of its own): wait for it, not for a fixed time.
      for (let tries = 0; tries < 100 && !calls.some((call) => call.startsWith('data: ')); tries++) await new Promise((resolve) => setImmediate(resolve));
      expect(calls.filter((call) => call !== ': heartbeat')).toEqual(['headers', 'connected', `data: ${JSON.stringify(change)}`]);
    } finally {
      controller.onModuleDestroy();
    }
  });
});
