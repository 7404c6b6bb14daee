import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's OAuth 2.0 token and revoke endpoints and the Calendar API's events
 * (what google-auth-library and @googleapis/calendar call), reached through GOOGLE_API_BASE_URL.
 * It checks what Google checks: single-use codes, the client's credentials, the redirect URI, bearer
 * tokens that expire and are replaced by a refresh, event ids that exist or do not.
 */
export interface GoogleFake {
  baseUrl: string;
  /** A code the consent page would give (single use). */
  issueCode(): string;
  /** Seconds the next access tokens live (under 5 minutes makes the library refresh before a call). */
  accessTokenSeconds: number;
  /** Calendar events by id, as stored. */
  events: Map<string, Record<string, unknown>>;
  /** Every grant_type the token endpoint was asked for, in order. */
  grants: string[];
  revoked: string[];
  /** Every Calendar API call as "METHOD path". */
  calls: string[];
  /** The user withdrew every grant at Google (their account's security page): all tokens stop working. */
  withdrawGrants(): void;
  /** While true, the Calendar API answers 503 (Google having a bad minute); each refused call is still in `calls`. */
  calendarDown: boolean;
  close(): Promise<void>;
}

export async function startGoogleFake(client: { id: string; secret: string; redirectUri: () => string }): Promise<GoogleFake> {
  const codes = new Set<string>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Map<string, number>(); // token -> expires at (ms)
  let counter = 0;

  const fake: Omit<GoogleFake, 'baseUrl' | 'close'> = {
    issueCode: () => {
      const code = `code-${++counter}`;
      codes.add(code);
      return code;
    },
    accessTokenSeconds: 3600,
    events: new Map(),
    grants: [],
    revoked: [],
    calls: [],
    calendarDown: false,
    withdrawGrants: () => {
      refreshTokens.clear();
      accessTokens.clear();
    },
  };

  const newAccessToken = () => {
    const token = `access-secret-${++counter}`;
    accessTokens.set(token, Date.now() + fake.accessTokenSeconds * 1000);
    return { access_token: token, expires_in: fake.accessTokenSeconds, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/calendar.events' };
  };

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const body = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = await body(req);
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(text);
        const grant = form.get('grant_type') ?? '';
        fake.grants.push(grant);
        if (form.get('client_id') !== client.id || form.get('client_secret') !== client.secret) return send(res, 401, { error: 'invalid_client' });
        if (grant === 'authorization_code') {
          const code = form.get('code') ?? '';
          if (!codes.delete(code) || form.get('redirect_uri') !== client.redirectUri()) return send(res, 400, { error: 'invalid_grant' });
          const refresh = `refresh-secret-${++counter}`;
          refreshTokens.add(refresh);
          return send(res, 200, { ...newAccessToken(), refresh_token: refresh });
        }
        if (grant === 'refresh_token' && refreshTokens.has(form.get('refresh_token') ?? '')) return send(res, 200, newAccessToken());
        return send(res, 400, { error: 'invalid_grant' });
      }
      if (req.method === 'POST' && url.pathname === '/revoke') {
        const token = url.searchParams.get('token') ?? new URLSearchParams(text).get('token') ?? '';
        fake.revoked.push(token);
        if (!refreshTokens.delete(token)) return send(res, 400, { error: 'invalid_token' });
        return send(res, 200, {});
      }
      const match = /^\/calendar\/v3\/calendars\/primary\/events(?:\/([^/]+))?$/.exec(url.pathname);
      if (!match) return send(res, 404, { error: { code: 404, message: 'Not Found' } });
      fake.calls.push(`${req.method} ${url.pathname}`);
      if (fake.calendarDown) return send(res, 503, { error: { code: 503, message: 'Backend Error' } });
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if ((accessTokens.get(bearer) ?? 0) < Date.now()) return send(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
      const id = match[1] ? decodeURIComponent(match[1]) : null;
      const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      if (req.method === 'POST' && id === null) {
        const eventId = String(json.id ?? `generated${++counter}`);
        if (fake.events.has(eventId)) return send(res, 409, { error: { code: 409, message: 'The requested identifier already exists.' } });
        fake.events.set(eventId, { ...json, id: eventId });
        return send(res, 200, fake.events.get(eventId));
      }
      if (id === null || !fake.events.has(id)) return send(res, 404, { error: { code: 404, message: 'Not Found' } });
      if (req.method === 'PUT') {
        fake.events.set(id, { ...json, id });
        return send(res, 200, fake.events.get(id));
      }
      if (req.method === 'DELETE') {
        fake.events.delete(id);
        return send(res, 204);
      }
      return send(res, 405, { error: { code: 405, message: 'Method Not Allowed' } });
    })().catch(() => send(res, 500, { error: { code: 500, message: 'fake failed' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
