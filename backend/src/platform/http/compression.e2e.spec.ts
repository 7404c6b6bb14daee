import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../../test-support/test-app';

/** A raw GET over node:http: the body's bytes exactly as sent (supertest would decode them). */
function get(port: number, path: string, headers: http.OutgoingHttpHeaders): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** docs/performance.md, Compression and caching: precompressed assets, compressed API JSON, an untouched event stream. */
describe('compression and caching', () => {
  const script = `console.log(${JSON.stringify('care '.repeat(600))});`;
  let frontendDist: string;
  let t: TestApp;
  let port: number;
  const streams: http.ClientRequest[] = [];
  beforeAll(async () => {
    // What the front-end build writes (frontend/vite.config.ts, precompress): each text file with .br and .gz beside it.
    frontendDist = await mkdtemp(join(tmpdir(), 'carecircle-frontend-'));
    await mkdir(join(frontendDist, 'assets'));
    await writeFile(join(frontendDist, 'index.html'), '<!doctype html><title>CareCircle</title><script type="module" src="/assets/index-Ab12.js"></script>');
    await writeFile(join(frontendDist, 'assets/index-Ab12.js'), script);
    await writeFile(join(frontendDist, 'assets/index-Ab12.js.br'), brotliCompressSync(script));
    await writeFile(join(frontendDist, 'assets/index-Ab12.js.gz'), gzipSync(script));
    t = await startTestApp({ FRONTEND_DIST: frontendDist });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const stream of streams) stream.destroy();
    await t.close();
    await rm(frontendDist, { recursive: true, force: true });
  });

  const expectAssetHeaders = (headers: http.IncomingHttpHeaders) => {
    expect(headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headers['etag']).toBeTruthy();
    expect(headers['vary']).toMatch(/Accept-Encoding/i);
  };

  it('sends a hashed asset as brotli when the browser accepts it, with its type, a year of caching and an ETag', async () => {
    const res = await get(port, '/assets/index-Ab12.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expectAssetHeaders(res.headers);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);

    const again = await get(port, '/assets/index-Ab12.js', { 'accept-encoding': 'br', 'if-none-match': res.headers['etag'] });
    expect(again.status).toBe(304);
  });

  it('sends gzip to a browser that accepts gzip only, and the plain file to one that accepts neither', async () => {
    const gzip = await get(port, '/assets/index-Ab12.js', { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expectAssetHeaders(gzip.headers);
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await get(port, '/assets/index-Ab12.js', { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expectAssetHeaders(plain.headers);
    expect(plain.body.toString()).toBe(script);
    // Each representation has its own validator.
    expect(new Set([gzip.headers['etag'], plain.headers['etag']]).size).toBe(2);
  });

  it('has index.html revalidated on every visit, with an ETag', async () => {
    for (const path of ['/', '/index.html', '/today']) {
      const res = await get(port, path, { 'accept-encoding': 'gzip, br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['etag']).toBeTruthy();
    }
  });

  it('compresses API JSON of 1 KiB or more, and leaves smaller answers as they are', async () => {
    const { agent } = await t.signUp();
    for (let i = 0; i < 8; i++) await agent.post('/api/children').send({ firstName: `Child ${i}`, lastName: 'Silva', notes: 'Loves music and long walks' }).expect(201);
    const large = await agent.get('/api/children').set('Accept-Encoding', 'gzip').expect(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(large.body).toHaveLength(8);
    const small = await agent.get('/api/auth/user').set('Accept-Encoding', 'gzip').expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a JSON answer of up to 64 KiB at once: br or gzip as the client takes them, sent with its length, not in chunks', async () => {
    const email = `whole-${randomUUID()}@example.com`;
    const { agent } = await t.signUp({ email, password: 'correct horse battery' });
    for (let i = 0; i < 8; i++) await agent.post('/api/children').send({ firstName: `Child ${i}`, lastName: 'Silva', notes: 'Loves music and long walks' }).expect(201);
    const login = await t.agent().post('/api/auth/login').send({ email, password: 'correct horse battery' }).expect(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    for (const [accept, coding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      const res = await get(port, '/api/children', { cookie, 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(JSON.parse(decode(res.body).toString('utf8'))).toHaveLength(8);
    }
    const plain = await get(port, '/api/children', { cookie, 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toHaveLength(8);
  });

  it('never compresses the live-updates stream: events arrive as they are written', async () => {
    const email = `stream-${randomUUID()}@example.com`;
    const { agent } = await t.signUp({ email, password: 'correct horse battery' });
    const login = await t.agent().post('/api/auth/login').send({ email, password: 'correct horse battery' }).expect(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');

    let raw = '';
    const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/live', headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (raw += chunk));
        resolve(res);
      });
      req.on('error', reject);
      streams.push(req);
    });
    const res = await opened;
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();

    const waitFor = async (text: string) => {
      const deadline = Date.now() + 5000;
      while (!raw.includes(text) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(raw).toContain(text);
    };
    await waitFor(': connected');
    const child = (await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body as { id: string };
    await waitFor(`"childId":"${child.id}"`);
  });
});
