import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Claims of an ID token the fake issues; the test sets what it checks (audience, nonce, email, expiry). */
export type IdTokenClaims = Record<string, unknown> & { nonce?: string; email?: string };

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * Google's OAuth token and certificate endpoints, served locally for the real google-auth-library
 * (GOOGLE_API_BASE_URL): POST /token exchanges a code the test issued for an RS256 ID token signed
 * with the fake's key, GET /oauth2/v1/certs serves that key, as Google's PEM certs endpoint does.
 */
export class GoogleOAuthFake {
  readonly tokenRequests: URLSearchParams[] = [];
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly kid = randomBytes(8).toString('hex');
  private readonly codes = new Map<string, string>();
  private server?: Server;
  baseUrl = '';

  constructor(readonly clientId: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
        const path = new URL(req.url ?? '/', this.baseUrl).pathname;
        if (req.method === 'GET' && path === '/oauth2/v1/certs') return json(200, { [this.kid]: this.keys.publicKey.export({ type: 'spki', format: 'pem' }) });
        if (req.method === 'POST' && path === '/token') {
          const form = new URLSearchParams(Buffer.concat(chunks).toString());
          this.tokenRequests.push(form);
          const idToken = this.codes.get(form.get('code') ?? '');
          this.codes.delete(form.get('code') ?? '');
          if (!idToken || form.get('client_secret') === null) return json(400, { error: 'invalid_grant' });
          return json(200, { access_token: 'fake-access-token', expires_in: 3599, token_type: 'Bearer', scope: 'openid email profile', id_token: idToken });
        }
        json(404, { error: 'not_found' });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** A one-time code whose exchange answers an ID token with Google's claims, overridden by `claims`. */
  issue(claims: IdTokenClaims, { key = this.keys.privateKey } = {}): string {
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      iss: 'https://accounts.google.com',
      aud: this.clientId,
      azp: this.clientId,
      sub: randomBytes(10).toString('hex'),
      email_verified: true,
      iat: now,
      exp: now + 3600,
      ...claims,
    };
    const signed = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: this.kid }))}.${b64url(JSON.stringify(payload))}`;
    const signature = createSign('RSA-SHA256').update(signed).sign(key).toString('base64url');
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, `${signed}.${signature}`);
    return code;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
