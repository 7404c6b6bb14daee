// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the e2e project imports this file without including backend/src, so the declaration comes along here
/// <reference path="./http-ece.d.ts" />
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decrypt } from 'http_ece';

/**
 * A local stand-in for a browser's push service, for tests of the real `web-push` sender: an HTTPS
 * server (a self-signed certificate made here with the openssl CLI) that keeps what it receives,
 * DECRYPTS each payload with `http_ece` (aes128gcm) using keys only the test's "browser" holds, and
 * checks the VAPID Authorization header (an ES256 JWT signed by the server's VAPID key). A path can
 * be told to answer 410 Gone, as a push service does for a subscription that no longer exists.
 */

/** A self-signed certificate for 127.0.0.1, ::1 and localhost: `cert` goes to NODE_EXTRA_CA_CERTS. */
export function makeSelfSignedCertificate(dir = mkdtempSync(join(tmpdir(), 'carecircle-push-'))): { keyFile: string; certFile: string } {
  const keyFile = join(dir, 'push-receiver.key');
  const certFile = join(dir, 'push-receiver.crt');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-keyout', keyFile, '-out', certFile, '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost', '-addext', 'basicConstraints=critical,CA:TRUE',
  ], { stdio: 'ignore' });
  return { keyFile, certFile };
}

/** What a browser keeps for one subscription: its ECDH pair and auth secret; `keys` is what it gives the server. */
export interface TestBrowserKeys {
  ecdh: ECDH;
  authSecret: Buffer;
  keys: { p256dh: string; auth: string };
}

export function makeBrowserKeys(): TestBrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
}

/** One push request as received, decrypted and with its VAPID header read. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload parsed as JSON, or null when it could not be decrypted (no keys for the path). */
  message: Record<string, unknown> | null;
  /** The VAPID JWT's claims when its ES256 signature verifies with the key in the header, else null. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string } | null;
}

export interface PushReceiver {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedPush[];
  /** Registers the browser keys a path's payloads are decrypted with; answers the endpoint URL. */
  endpoint(path: string, browser: TestBrowserKeys): string;
  /** From now on the path answers 410 Gone. */
  gone(path: string): void;
  /** The next push to arrive at `path` (or the first one not yet taken). */
  next(path: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

function verifyVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return null;
  const [token, publicKey] = [match[1], match[2]];
  const [head, body, signature] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed || JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') return null;
  return { ...JSON.parse(Buffer.from(body, 'base64url').toString()), publicKey };
}

export async function startPushReceiver(certificate: { keyFile: string; certFile: string }, host = '127.0.0.1'): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const taken = new Set<ReceivedPush>();
  const browsers = new Map<string, TestBrowserKeys>();
  const gonePaths = new Set<string>();
  const waiters: (() => void)[] = [];

  const server: Server = createServer({ key: readFileSync(certificate.keyFile), cert: readFileSync(certificate.certFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const browser = browsers.get(path);
      let message: ReceivedPush['message'] = null;
      try {
        if (browser) message = JSON.parse(decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.authSecret }).toString('utf8'));
      } catch {
        message = null;
      }
      received.push({ path, headers: req.headers, message, vapid: verifyVapid(req.headers.authorization) });
      waiters.splice(0).forEach((wake) => wake());
      res.writeHead(gonePaths.has(path) ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    origin,
    received,
    endpoint(path, browser) {
      browsers.set(path, browser);
      return `${origin}${path}`;
    },
    gone(path) {
      gonePaths.add(path);
    },
    async next(path, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((r) => r.path === path && !taken.has(r));
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`No push arrived at ${path} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
