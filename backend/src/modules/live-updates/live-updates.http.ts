import { Controller, Get, Logger, OnModuleDestroy, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { User } from '@carecircle/libs';
import { ProjectionChangeFeed, type ChildChanges } from '../../platform/projections/projection-changes';
import { ChildrenQuery } from '../care-recipients';
import { CurrentUser } from '../identity';

/** A comment line this often keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3000;

/**
 * GET /api/live: server-sent events telling an open dashboard what changed, so a second caregiver
 * sees a completed task without reloading. Each message is `{childId, changed}` where `changed`
 * lists the live topics of the read models that changed ('daily-tasks', 'progress', 'notifications',
 * ...); the client refetches those. Only recipients the user may see at that moment are sent. Fed by
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
  ) {}

  @Get()
  @ApiProduces('text/event-stream')
  async stream(@CurrentUser() user: User, @Req() req: Request, @Res() res: Response): Promise<void> {
    let closed = false;
    const send = async (changes: ChildChanges[]) => {
      const visible = new Set((await this.children.listFor(user.id)).map((child) => child.id));
      for (const change of changes) {
        if (!closed && visible.has(change.childId)) res.write(`data: ${JSON.stringify({ childId: change.childId, changed: change.changed })}\n\n`);
      }
    };
    const unsubscribe = await this.feed.subscribe((changes) => {
      send(changes).catch((error: Error) => this.log.warn(`live update for ${user.id} not sent: ${error.message}`));
    });
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      this.open.delete(close);
      res.end();
    };
    this.open.add(close);
    req.on('close', close);
    res.on('error', close);
    if (req.destroyed) close();
  }

  /** Ends open streams at shutdown, so the HTTP server can close. */
  onModuleDestroy(): void {
    for (const close of [...this.open]) close();
  }
}
