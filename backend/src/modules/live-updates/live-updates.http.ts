import { Controller, Get, Logger, OnModuleDestroy, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { User } from '@carecircle/libs';
import { parseGroupChangeKey, ProjectionChangeFeed, type ChildChanges } from '../../platform/projections/projection-changes';
import { SessionEndings } from '../../platform/session/session-endings';
import { ChildrenQuery } from '../care-recipients';
import { GroupsQuery } from '../community';
import { CurrentUser } from '../identity';

type GroupChange = NonNullable<ReturnType<typeof parseGroupChangeKey>>;

/** A comment line this often keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/**
 * The live topics of community's projections and who may hear them, judged at each delivery:
 * posts to the group's members and moderators, the report queue to its moderators, a member's own
 * standing (a mute, a role) to that member alone.
 */
const GROUP_POSTS_TOPIC = 'group-posts';
const GROUP_REPORTS_TOPIC = 'group-reports';
const GROUP_MEMBER_TOPIC = 'group';
/** How long a browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3000;

/**
 * GET /api/live: server-sent events telling an open dashboard what changed, so a second caregiver
 * sees a completed task without reloading. Each message is `{childId, changed}` (or, for support
 * groups, `{groupId, changed: ['group-posts' | 'group-reports' | 'group'], postId?}`) where `changed`
 * lists the live topics of the read models that changed ('daily-tasks', 'progress', 'notifications',
 * ...); the client refetches those. Only recipients the user may see at that moment are sent, and
 * the stream ends when its session does (platform/session/session-endings.ts). Fed by
 * the projections through PostgreSQL NOTIFY (platform/projections/projection-changes.ts), so it
 * works whichever process projected the change.
 */
@ApiTags('live updates')
@Controller('live')
export class LiveUpdatesController implements OnModuleDestroy {
  private readonly log = new Logger(LiveUpdatesController.name);
  private readonly open = new Set<() => void>();

  constructor(
    private readonly feed: ProjectionChangeFeed,
    private readonly children: ChildrenQuery,
    private readonly groups: GroupsQuery,
    private readonly sessions: SessionEndings,
  ) {}

  /**
   * Group changes as this user may hear them now: posts if they are a member or moderate the group,
   * its report queue only if they moderate it (group role moderator or admin, read at each delivery,
   * or a super_admin: a role given at sign-up and never taken back), and a member's own standing
   * only if it is theirs (never with the id, never to others).
   */
  private async sendGroups(user: User, changes: (GroupChange & { changed: string[] })[], write: (message: object) => void): Promise<void> {
    const userId = user.id;
    const isSuperAdmin = user.role === 'super_admin';
    const needed = changes.filter((change) => change.changed.includes(GROUP_POSTS_TOPIC) || change.changed.includes(GROUP_REPORTS_TOPIC));
    const roles = await this.groups.rolesIn(userId, needed.map((change) => change.groupId));
    for (const { groupId, postId, userId: memberId, changed } of changes) {
      const role = roles.get(groupId);
      const moderates = isSuperAdmin || role === 'moderator' || role === 'admin';
      const topics = memberId
        ? changed.filter((topic) => topic === GROUP_MEMBER_TOPIC && memberId === userId)
        : changed.filter((topic) => (topic === GROUP_POSTS_TOPIC && (role !== undefined || moderates)) || (topic === GROUP_REPORTS_TOPIC && moderates));
      if (topics.length > 0) write({ groupId, changed: topics, ...(postId ? { postId } : {}) });
    }
  }

  @Get()
  @ApiProduces('text/event-stream')
  async stream(@CurrentUser() user: User, @Req() req: Request, @Res() res: Response): Promise<void> {
    const sid = req.sessionID;
    const signedInAt = req.session.signedInAt ?? 0;
    let closed = false;
    // Changes announced while the stream is being set up wait for it: written before the headers they
    // would send a stream without its type and without ': connected' (and the headers would then fail).
    let early: ChildChanges[] | null = [];
    const stops: (() => void)[] = [];
    const close = () => {
      if (closed) return;
      closed = true;
      for (const stop of stops) stop();
      this.open.delete(close);
      res.end();
    };
    // Access is judged again at each delivery: a revoked caregiver or a removed recipient gets nothing more.
    // Groups: `{groupId, changed, postId?}` with only the topics this user may hear at that moment (sendGroups).
    const send = async (changes: ChildChanges[]) => {
      const forGroups = changes.flatMap((change) => {
        const key = parseGroupChangeKey(change.childId);
        return key ? [{ ...key, changed: change.changed }] : [];
      });
      const forChildren = changes.filter((change) => !parseGroupChangeKey(change.childId));
      const visible = forChildren.length > 0 ? new Set((await this.children.listFor(user.id)).map((child) => child.id)) : new Set<string>();
      for (const change of forChildren) {
        if (!closed && visible.has(change.childId)) res.write(`data: ${JSON.stringify({ childId: change.childId, changed: change.changed })}\n\n`);
      }
      if (forGroups.length > 0) await this.sendGroups(user, forGroups, (message) => !closed && res.write(`data: ${JSON.stringify(message)}\n\n`));
    };
    const deliver = (changes: ChildChanges[]) =>
      send(changes).catch((error: Error) => this.log.warn(`live update for ${user.id} not sent: ${error.message}`));
    try {
      stops.push(
        await this.feed.subscribe((changes) => {
          if (early) early.push(...changes);
          else deliver(changes);
        }),
      );
      // Sign-out (from this or any other tab or process), a new sign-in, pruning, erasure: the stream ends with its session.
      stops.push(await this.sessions.watch(sid, close));
    } catch (error) {
      for (const stop of stops) stop();
      throw error;
    }
    if (closed) return; // the session ended while we subscribed; from here on nothing awaits until the timer is set
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    const waiting = early;
    early = null;
    if (waiting.length > 0) deliver(waiting);
    // Each heartbeat also checks the session: expiry (idle or absolute) ends the stream within HEARTBEAT_MS.
    const beat = async () => {
      if (await this.sessions.isLive(sid, signedInAt)) {
        if (!closed) res.write(': heartbeat\n\n');
      } else close();
    };
    const heartbeat = setInterval(() => beat().catch((error: Error) => this.log.warn(`live stream session check failed: ${error.message}`)), HEARTBEAT_MS);
    stops.push(() => clearInterval(heartbeat));
    this.open.add(close);
    req.on('close', close);
    res.on('error', close);
    if (req.destroyed) close();
    // A session that ended while the stream was being set up was announced before it was watched.
    else await beat();
  }

  /** Ends open streams at shutdown, so the HTTP server can close. */
  onModuleDestroy(): void {
    for (const close of [...this.open]) close();
  }
}
