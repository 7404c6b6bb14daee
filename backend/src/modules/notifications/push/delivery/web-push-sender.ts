import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { sendNotification, WebPushError } from 'web-push';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import type { StoredPushSubscription } from '../read-models/push-subscriptions/push-subscriptions.query';
import { isPublicAddress, publicOnlyLookup } from './public-address';
import { VapidKeys } from './vapid-keys';

/** A reminder an hour late is no longer worth showing; the push service drops it then. */
export const PUSH_TTL_SECONDS = 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/** What the push service said: delivered (2xx), gone (404/410: the subscription no longer exists), or failed. */
export type PushOutcome = { delivered: true } | { delivered: false; gone: boolean; statusCode: number | null; reason: string };

/**
 * Sends one encrypted message (aes128gcm, VAPID-signed) with the real `web-push` library. Its
 * connections go through an agent whose lookup admits public addresses only (public-address.ts) and
 * which trusts the system roots plus NODE_EXTRA_CA_CERTS (read here too, so an app built inside a
 * running process, such as a test, trusts a receiver's certificate made after Node started).
 */
@Injectable()
export class WebPushSender implements OnModuleDestroy {
  private readonly logger = new Logger(WebPushSender.name);
  private readonly agent: Agent;
  private readonly allowLoopback: boolean;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'push'>,
    private readonly vapid: VapidKeys,
  ) {
    this.allowLoopback = config.push.allowLoopback;
    this.agent = new Agent({ keepAlive: true, lookup: publicOnlyLookup(this.allowLoopback), ca: this.trusted(config.push.extraCaCertsFile) });
  }

  async send(subscription: StoredPushSubscription, payload: string): Promise<PushOutcome> {
    // A literal address is connected to without a lookup: judged here.
    const host = new URL(subscription.endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0 && !isPublicAddress(host, this.allowLoopback)) return { delivered: false, gone: false, statusCode: null, reason: 'not a public address' };
    try {
      await sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
        vapidDetails: await this.vapid.details(),
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        agent: this.agent,
        timeout: SEND_TIMEOUT_MS,
      });
      return { delivered: true };
    } catch (error) {
      if (error instanceof WebPushError) {
        return { delivered: false, gone: error.statusCode === 404 || error.statusCode === 410, statusCode: error.statusCode, reason: `push service answered ${error.statusCode}` };
      }
      return { delivered: false, gone: false, statusCode: null, reason: error instanceof Error ? error.message : String(error) };
    }
  }

  onModuleDestroy(): void {
    this.agent.destroy();
  }

  private trusted(file: string | null): string[] | undefined {
    if (file === null) return undefined;
    try {
      return [...rootCertificates, readFileSync(file, 'utf8')];
    } catch (error) {
      this.logger.warn(`NODE_EXTRA_CA_CERTS (${file}) could not be read for web push: ${(error as Error).message}`);
      return undefined;
    }
  }
}
