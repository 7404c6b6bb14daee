import type { Logger } from '@nestjs/common';
import { Client } from 'pg';

const RECONNECT_MS = 1000;

/**
 * One PostgreSQL connection LISTENing on one channel, opened on first use and reopened after it
 * drops for as long as someone still wants it. Notifications sent while it was down are lost: users
 * that must not miss one also check on their own from time to time.
 */
export class PgChannelListener {
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly options: {
      databaseUrl: string;
      channel: string;
      onPayload: (payload: string) => void;
      /** Whether to reconnect after a drop (someone is still listening). */
      wanted: () => boolean;
      log: Logger;
    },
  ) {}

  /** Resolves once the channel is being listened to. */
  listen(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  /**
   * For a subscriber just added: resolves with its `stop` once the channel is being listened to; when
   * listening fails, calls `stop` (the subscriber is not left behind) and rejects.
   */
  async listenFor(stop: () => void): Promise<() => void> {
    try {
      await this.listen();
    } catch (error) {
      stop();
      throw error;
    }
    return stop;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { databaseUrl, channel, onPayload } = this.options;
    if (this.closed) throw new Error(`the ${channel} listener is shut down`);
    const client = new Client({ connectionString: databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client, new Error('connection ended')));
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    if (this.closed) {
      await client.end();
      throw new Error(`the ${channel} listener is shut down`);
    }
    this.client = client;
  }

  private dropped(client: Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (this.closed) return;
    const { channel, wanted, log } = this.options;
    log.warn(`${channel} listener lost its connection (${error.message}); reconnecting`);
    this.reconnectTimer = setTimeout(() => {
      if (wanted()) this.listen().catch((e: Error) => log.error(`${channel} listener: ${e.message}`));
    }, RECONNECT_MS);
  }
}
