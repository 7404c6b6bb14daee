import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { generateVAPIDKeys } from 'web-push';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { PG_POOL } from '../../../../platform/database/database.tokens';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else a pair generated once and
 * kept in `app_secrets` for every instance. Two processes starting at once both try to insert their
 * pair; the first insert wins (ON CONFLICT DO NOTHING) and both read the winner, so every process
 * signs with the one key browsers subscribed with (as resolveSessionSecret does).
 */
@Injectable()
export class VapidKeys {
  private resolved: Promise<VapidDetails> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'vapid' | 'push'>,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  details(): Promise<VapidDetails> {
    this.resolved ??= this.resolve().catch((error: unknown) => {
      this.resolved = null;
      throw error;
    });
    return this.resolved;
  }

  private async resolve(): Promise<VapidDetails> {
    const subject = this.config.push.subject;
    if (this.config.vapid) return { subject, publicKey: this.config.vapid.publicKey, privateKey: this.config.vapid.privateKey };
    const { publicKey, privateKey } = generateVAPIDKeys();
    await this.pool.query(`INSERT INTO app_secrets (name, value) VALUES ('vapid_keys', $1) ON CONFLICT (name) DO NOTHING`, [JSON.stringify({ publicKey, privateKey })]);
    const { rows } = await this.pool.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'vapid_keys'`);
    const stored = JSON.parse(rows[0].value) as { publicKey: string; privateKey: string };
    return { subject, publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
}
