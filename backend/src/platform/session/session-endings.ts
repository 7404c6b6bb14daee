import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { DATABASE_URL, PG_POOL } from '../database/database.tokens';
import { PgChannelListener } from '../database/pg-channel-listener';
import { SESSION_ABSOLUTE_MS } from './session';

/** The channel a trigger on `sessions` announces each deleted session id on (Migration20261123004100). */
export const SESSION_ENDED_CHANNEL = 'session_ended';

/**
 * Tells long-lived requests (the live-updates stream) that their session ended, in whichever API
 * process it was ended: sign-out, a new sign-in (the old id is destroyed), the absolute time-out,
 * pruning of expired sessions, account erasure all delete the row, and the trigger announces it.
 */
@Injectable()
export class SessionEndings implements OnApplicationShutdown {
  private readonly log = new Logger(SessionEndings.name);
  private readonly watchers = new Map<string, Set<() => void>>();
  private readonly channel: PgChannelListener;

  constructor(
    @Inject(DATABASE_URL) databaseUrl: string,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    this.channel = new PgChannelListener({
      databaseUrl,
      channel: SESSION_ENDED_CHANNEL,
      onPayload: (sid) => this.ended(sid),
      wanted: () => this.watchers.size > 0,
      log: this.log,
    });
  }

  /** Calls `onEnd` once when session `sid` is destroyed; resolves once listening. Call the answer to stop watching. */
  async watch(sid: string, onEnd: () => void): Promise<() => void> {
    const set = this.watchers.get(sid) ?? new Set();
    set.add(onEnd);
    this.watchers.set(sid, set);
    return this.channel.listenFor(() => {
      set.delete(onEnd);
      if (set.size === 0 && this.watchers.get(sid) === set) this.watchers.delete(sid);
    });
  }

  /**
   * Whether the session is still valid: its row exists and has not expired (idle time-out), and it
   * is within the absolute time-out from `signedInAt`. One primary-key lookup.
   */
  async isLive(sid: string, signedInAt: number, now = Date.now()): Promise<boolean> {
    if (now - signedInAt > SESSION_ABSOLUTE_MS) return false;
    const { rowCount } = await this.pool.query(`SELECT 1 FROM sessions WHERE sid = $1 AND expire > now()`, [sid]);
    return rowCount === 1;
  }

  async onApplicationShutdown(): Promise<void> {
    this.watchers.clear();
    await this.channel.close();
  }

  private ended(sid: string): void {
    const set = this.watchers.get(sid);
    if (!set) return;
    this.watchers.delete(sid);
    for (const onEnd of set) onEnd();
  }
}
