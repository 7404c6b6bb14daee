// A local Google for the browser tests (playwright.config.ts starts it before the app, whose
// GOOGLE_API_BASE_URL points here). It plays what the real google-auth-library and
// @googleapis/calendar reach: the consent page (a small form: an email, for a sign-in an Email
// verified box, Allow or Cancel), the token endpoint (codes, refresh tokens, RS256 ID tokens), the
// ID-token certificates, revoke, and the Calendar API's events. GET /_state answers what it holds,
// for the tests to wait on; POST /_withdraw?email= withdraws that account's grants (its tokens stop
// working), as Google's account page does.
// Standalone on purpose: backend/src/test-support/google-fake.ts and google-oauth-fake.ts are
// TypeScript for jest and are not built; this file keeps to the same protocol.
import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.env.GOOGLE_FAKE_PORT ?? 0);
const clientId = process.env.GOOGLE_CLIENT_ID ?? 'carecircle-e2e.apps.googleusercontent.com';
const clientSecret = process.env.GOOGLE_CLIENT_SECRET ?? 'e2e-client-secret';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const kid = randomBytes(8).toString('hex');
/** code -> what its exchange answers (the consent's email, nonce, scope). */
const codes = new Map();
/** token -> the email of the account that granted it. */
const refreshTokens = new Map();
const accessTokens = new Map();
const events = new Map();
const revoked = [];

const b64url = (value) => Buffer.from(value).toString('base64url');
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function idToken(email, nonce, emailVerified) {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: 'https://accounts.google.com', aud: clientId, azp: clientId, sub: b64url(email), email, email_verified: emailVerified, given_name: 'Gia', family_name: 'Google', iat: now, exp: now + 3600, nonce };
  const signed = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${b64url(JSON.stringify(payload))}`;
  return `${signed}.${createSign('RSA-SHA256').update(signed).sign(keys.privateKey).toString('base64url')}`;
}

function newAccessToken(email) {
  const token = `access-${randomBytes(12).toString('hex')}`;
  accessTokens.set(token, email);
  return token;
}

function consentPage(query) {
  const hidden = ['redirect_uri', 'state', 'nonce', 'scope'].map((name) => `<input type="hidden" name="${name}" value="${escape(query.get(name) ?? '')}">`).join('');
  const signIn = (query.get('scope') ?? '').includes('openid');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Google (test stand-in)</title></head>
<body><main><h1>Google (test stand-in)</h1>
<p>${signIn ? 'Sign in to CareCircle with your Google account.' : 'CareCircle wants to manage events in your Google Calendar.'}</p>
<form method="post" action="/o/oauth2/v2/decide">${hidden}
<p><label for="email">Email</label> <input id="email" name="email" type="email" value="gia.google@example.com"></p>
${signIn ? '<p><input id="verified" name="email_verified" type="checkbox" value="true" checked> <label for="verified">Email verified</label></p>' : ''}
<p><button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="cancel">Cancel</button></p>
</form></main></body></html>`;
}

const server = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  const url = new URL(req.url ?? '/', 'http://fake');
  const json = (status, body) => {
    res.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };

  if (req.method === 'GET' && url.pathname === '/health') return json(200, { ok: true });
  if (req.method === 'GET' && url.pathname === '/_state') return json(200, { events: [...events.values()], revoked: revoked.length });
  if (req.method === 'POST' && url.pathname === '/_withdraw') {
    for (const tokens of [refreshTokens, accessTokens]) for (const [token, email] of tokens) if (email === url.searchParams.get('email')) tokens.delete(token);
    return json(204);
  }
  if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
    if (url.searchParams.get('client_id') !== clientId) return json(400, { error: 'invalid_client' });
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    return res.end(consentPage(url.searchParams));
  }
  if (req.method === 'POST' && url.pathname === '/o/oauth2/v2/decide') {
    const form = new URLSearchParams(text);
    const back = new URL(form.get('redirect_uri') ?? '');
    back.searchParams.set('state', form.get('state') ?? '');
    if (form.get('decision') === 'allow') {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { email: form.get('email') ?? '', emailVerified: form.get('email_verified') === 'true', nonce: form.get('nonce') || undefined, scope: form.get('scope') ?? '' });
      back.searchParams.set('code', code);
    } else back.searchParams.set('error', 'access_denied');
    res.writeHead(302, { Location: back.toString() });
    return res.end();
  }
  if (req.method === 'GET' && url.pathname === '/oauth2/v1/certs') return json(200, { [kid]: keys.publicKey.export({ type: 'spki', format: 'pem' }) });
  if (req.method === 'POST' && url.pathname === '/token') {
    const form = new URLSearchParams(text);
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json(401, { error: 'invalid_client' });
    if (form.get('grant_type') === 'authorization_code') {
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!grant) return json(400, { error: 'invalid_grant' });
      const refresh = `refresh-${randomBytes(12).toString('hex')}`;
      refreshTokens.set(refresh, grant.email);
      const answer = { access_token: newAccessToken(grant.email), refresh_token: refresh, expires_in: 3600, token_type: 'Bearer', scope: grant.scope };
      return json(200, grant.scope.includes('openid') ? { ...answer, id_token: idToken(grant.email, grant.nonce, grant.emailVerified) } : answer);
    }
    const email = refreshTokens.get(form.get('refresh_token') ?? '');
    if (form.get('grant_type') === 'refresh_token' && email !== undefined) return json(200, { access_token: newAccessToken(email), expires_in: 3600, token_type: 'Bearer' });
    return json(400, { error: 'invalid_grant' });
  }
  if (req.method === 'POST' && url.pathname === '/revoke') {
    const token = url.searchParams.get('token') ?? new URLSearchParams(text).get('token') ?? '';
    revoked.push(token);
    return refreshTokens.delete(token) ? json(200, {}) : json(400, { error: 'invalid_token' });
  }
  const match = /^\/calendar\/v3\/calendars\/primary\/events(?:\/([^/]+))?$/.exec(url.pathname);
  if (!match) return json(404, { error: { code: 404, message: 'Not Found' } });
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  if (!accessTokens.has(bearer)) return json(401, { error: { code: 401, message: 'Invalid Credentials' } });
  const id = match[1] ? decodeURIComponent(match[1]) : null;
  const body = text ? JSON.parse(text) : {};
  if (req.method === 'POST' && id === null) {
    const eventId = String(body.id ?? randomBytes(8).toString('hex'));
    if (events.has(eventId)) return json(409, { error: { code: 409, message: 'The requested identifier already exists.' } });
    events.set(eventId, { ...body, id: eventId });
    return json(200, events.get(eventId));
  }
  if (id === null || !events.has(id)) return json(404, { error: { code: 404, message: 'Not Found' } });
  if (req.method === 'PUT') {
    events.set(id, { ...body, id });
    return json(200, events.get(id));
  }
  if (req.method === 'DELETE') {
    events.delete(id);
    return json(204);
  }
  return json(405, { error: { code: 405, message: 'Method Not Allowed' } });
});

server.listen(port, '127.0.0.1', () => console.log(`google fake on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
