import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type Express } from 'express';
import request from 'supertest';
import { looksLikePhone, readerLocale, scriptSafeJson, serverRenderedHome } from './server-rendered-home';

// The middleware with a stand-in for the front end's server build (frontend/src/server/render-home.tsx,
// which the browser tests run for real: e2e/today-first-load.spec.ts) and a small app around it: a
// session read from a header, one API read, and the plain page behind.

const PAGE = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <script type="module" crossorigin src="/assets/index-A1.js"></script>',
  '    <link rel="stylesheet" crossorigin href="/assets/index-B2.css">',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '  </body>',
  '</html>',
].join('\n');

/** The folders frontEnd() made, removed after the tests. */
const made: string[] = [];
afterAll(() => Promise.all(made.map((root) => rm(root, { recursive: true, force: true }))));

/** A built front end whose server build runs `body` as `renderHome({ fetch, now, phone, locale })`. */
async function frontEnd(body: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'carecircle-ssr-'));
  made.push(root);
  const dist = join(root, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await mkdir(join(dist, '.vite'));
  await mkdir(join(root, 'dist-server'));
  await writeFile(join(dist, 'index.html'), PAGE);
  await writeFile(join(dist, 'assets', 'index-B2.css'), 'body{margin:0}');
  await writeFile(join(dist, 'assets', 'today-C3.css'), '.today{color:teal}');
  await writeFile(join(dist, '.vite', 'home-files.json'), JSON.stringify({ today: ['/assets/today-D4.js', '/assets/today-C3.css'], landing: [], entryCss: ['/assets/index-B2.css'] }));
  await writeFile(join(root, 'dist-server', 'render-home.cjs'), `exports.renderHome = async function (request) { ${body} };`);
  return dist;
}

function appWith(dist: string, options?: { timeoutMs: number }): Express {
  const app = express();
  app.use((req, _res, next) => {
    const userId = req.get('x-test-user');
    if (userId) (req as unknown as { session: { userId: string } }).session = { userId };
    next();
  });
  app.use(serverRenderedHome(dist, options));
  app.get('/api/me', (req, res) => (req.get('cookie') === 'sid=ana' ? res.json({ name: 'Ana' }) : res.status(401).json({ message: 'Unauthorized' })));
  app.use((_req, res) => res.type('html').send(PAGE));
  return app;
}

const RENDERS_NAME = `
  const answer = await request.fetch('http://carecircle.invalid/api/me');
  if (!answer.ok) return undefined;
  const me = await answer.json();
  return { html: '<h1>' + me.name + ' $& $\\' </h1>', state: { name: '</script><script>alert(1)</script>', now: request.now, phone: request.phone, locale: request.locale } };
`;

describe('server-rendered Today (GET /)', () => {
  it("sends a signed-in caregiver's page with Today in it, read with their own cookie, kept by no cache", async () => {
    const app = appWith(await frontEnd(RENDERS_NAME));
    const response = await request(app).get('/').set({ 'x-test-user': 'u1', Cookie: 'sid=ana', 'Accept-Language': 'fr-CH, fr;q=0.9', 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toContain('Cookie');
    expect(response.text).toContain('<html lang="en" data-server-rendered="">');
    // Replacement patterns in the rendered HTML stay as they are.
    expect(response.text).toContain(`<div id="root"><h1>Ana $& $' </h1></div>`);
    const state = /<script type="application\/json" id="cc-server-render">(.*?)<\/script>/.exec(response.text)?.[1];
    expect(state).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(JSON.parse(state!)).toEqual({ name: '</script><script>alert(1)</script>', now: expect.any(Number), phone: true, locale: 'fr-CH' });
    // The entry's and Today's styles come in the page, in place of the entry's stylesheet link.
    expect(response.text).toContain('<style>body{margin:0}\n.today{color:teal}</style>');
    expect(response.text).not.toContain('<link rel="stylesheet"');
  });

  it('sends the plain page to anyone else, to a page with a query, and when the rendering fails or is slow', async () => {
    const page = (text: string) => expect(text).toBe(PAGE);
    const renders = appWith(await frontEnd(RENDERS_NAME));
    page((await request(renders).get('/').set('Cookie', 'sid=ana')).text);
    page((await request(renders).get('/?child=c1').set({ 'x-test-user': 'u1', Cookie: 'sid=ana' })).text);
    page((await request(renders).get('/calendar').set({ 'x-test-user': 'u1', Cookie: 'sid=ana' })).text);
    // A session the API does not accept (401): the server build renders nothing.
    page((await request(renders).get('/').set({ 'x-test-user': 'u1', Cookie: 'sid=someone-else' })).text);

    const nothing = appWith(await frontEnd('return undefined;'));
    page((await request(nothing).get('/').set('x-test-user', 'u1')).text);
    const fails = appWith(await frontEnd("throw new Error('boom');"));
    page((await request(fails).get('/').set('x-test-user', 'u1')).text);
    const changes = appWith(await frontEnd("await request.fetch('http://carecircle.invalid/api/me', { method: 'POST' }); return { html: 'x', state: {} };"));
    page((await request(changes).get('/').set('x-test-user', 'u1')).text);
    const slow = appWith(await frontEnd("await new Promise((resolve) => setTimeout(resolve, 500)); return { html: 'late', state: {} };"), { timeoutMs: 50 });
    const started = Date.now();
    page((await request(slow).get('/').set('x-test-user', 'u1')).text);
    expect(Date.now() - started).toBeLessThan(450);
    // The rendering goes on unseen; let it end before the test does.
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
});

describe('scriptSafeJson', () => {
  it('writes no < at all, and reads back unchanged', () => {
    const value = { name: '</script><!-- <b>', line: '\u2028' };
    expect(scriptSafeJson(value)).not.toContain('<');
    expect(JSON.parse(scriptSafeJson(value))).toEqual(value);
  });
});

describe('readerLocale and looksLikePhone', () => {
  const req = (headers: Record<string, string>) => {
    const app = express();
    let seen: { locale?: string; phone: boolean } = { phone: false };
    app.get('/', (r, res) => {
      seen = { locale: readerLocale(r), phone: looksLikePhone(r) };
      res.end();
    });
    return request(app).get('/').set(headers).then(() => seen);
  };

  it('takes the first language the server can write dates in', async () => {
    expect((await req({ 'Accept-Language': 'de-AT,de;q=0.9,en;q=0.8' })).locale).toBe('de-AT');
    expect((await req({ 'Accept-Language': '!!!, en-GB;q=0.5' })).locale).toBe('en-GB');
    expect((await req({})).locale).toBeUndefined();
  });

  it('guesses a phone from the client hint or the user agent', async () => {
    expect((await req({ 'Sec-CH-UA-Mobile': '?1' })).phone).toBe(true);
    expect((await req({ 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' })).phone).toBe(true);
    expect((await req({ 'Sec-CH-UA-Mobile': '?0', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120' })).phone).toBe(false);
  });
});
