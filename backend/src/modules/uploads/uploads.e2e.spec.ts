import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type TestAgent from 'supertest/lib/agent';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from './uploads.http';

/** A 1x1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');

describe('photo uploads over HTTP', () => {
  let t: TestApp;
  let owner: TestAgent;
  let other: TestAgent;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'carecircle-uploads-'));
    t = await startTestApp({ DATA_DIR: dataDir });
    owner = (await t.signUp()).agent;
    other = (await t.signUp()).agent;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const stored = async () => readdir(join(dataDir, 'uploads')).catch(() => [] as string[]);

  it('stores a signed-in caregiver image under a random name and serves it back with its type', async () => {
    const res = await owner.post('/api/upload').attach('file', PNG, { filename: 'photo.png', contentType: 'image/png' }).expect(201);
    expect(res.body).toEqual({ url: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/) });
    expect(await stored()).toContain(res.body.url.split('/').pop());

    const back = await owner.get(res.body.url).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(back.body as Buffer, PNG)).toBe(0);
  });

  it('goes by the content, not the name or the claimed type', async () => {
    const res = await owner.post('/api/upload').attach('file', GIF, { filename: 'photo.png', contentType: 'image/png' }).expect(201);
    expect(res.body.url).toMatch(/\.gif$/);
    const back = await owner.get(res.body.url).expect(200);
    expect(back.headers['content-type']).toBe('image/gif');
  });

  it('refuses anonymous uploads and downloads', async () => {
    const before = await stored();
    await t.agent().post('/api/upload').attach('file', PNG, { filename: 'photo.png', contentType: 'image/png' }).expect(401);
    expect(await stored()).toEqual(before);
    const { body } = await owner.post('/api/upload').attach('file', PNG, 'photo.png').expect(201);
    await t.agent().get(body.url).expect(401);
    // Another signed-in caregiver can fetch it only by knowing its random name.
    await other.get(body.url).expect(200);
  });

  it.each([
    ['text named like an image', Buffer.from('not really a picture'), 'photo.png', 'image/png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'photo.svg', 'image/svg+xml'],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>'), 'photo.html', 'text/html'],
  ])('refuses %s with 415 and stores nothing', async (_, content, filename, contentType) => {
    const before = await stored();
    const res = await owner.post('/api/upload').attach('file', content, { filename, contentType }).expect(415);
    expect(res.body).toEqual({ statusCode: 415, message: UPLOAD_MESSAGES.notAnImage });
    expect(await stored()).toEqual(before);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const before = await stored();
    const res = await owner.post('/api/upload').attach('file', big, { filename: 'big.png', contentType: 'image/png' }).expect(413);
    expect(res.body).toEqual({ statusCode: 413, message: UPLOAD_MESSAGES.tooLarge });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['no file', (a: TestAgent) => a.post('/api/upload').field('note', 'hello'), UPLOAD_MESSAGES.missing],
    ['another field name', (a: TestAgent) => a.post('/api/upload').attach('photo', PNG, 'photo.png'), UPLOAD_MESSAGES.unreadable],
    ['two files', (a: TestAgent) => a.post('/api/upload').attach('file', PNG, 'a.png').attach('file', PNG, 'b.png'), UPLOAD_MESSAGES.unreadable],
    ['an empty file', (a: TestAgent) => a.post('/api/upload').attach('file', Buffer.alloc(0), 'empty.png'), UPLOAD_MESSAGES.empty],
    ['a JSON body', (a: TestAgent) => a.post('/api/upload').send({ file: 'x' }), UPLOAD_MESSAGES.missing],
  ])('answers 400 for %s', async (_, send, message) => {
    const res = await send(owner).expect(400);
    expect(res.body).toEqual({ statusCode: 400, message });
  });

  it('answers 400, not 500, for a malformed multipart body', async () => {
    const res = await owner
      .post('/api/upload')
      .set('Content-Type', 'multipart/form-data; boundary=----x')
      .send('------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG');
    expect(res.status).toBe(400);
  });

  it('serves only names it gave out', async () => {
    for (const name of ['..%2F..%2Fpackage.json', 'passwd', '00000000-0000-0000-0000-000000000000.png', 'x.svg']) {
      const res = await owner.get(`/api/uploads/${name}`);
      expect(res.status).toBe(404);
    }
  });
});
