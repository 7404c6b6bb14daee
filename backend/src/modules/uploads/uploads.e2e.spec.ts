import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import type TestAgent from 'supertest/lib/agent';
import type { User } from '@carecircle/libs';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ExecuteCareRecipientCommand } from '../care-recipients';
import { LegacyDiskUploads } from './legacy-disk-uploads';
import { MAX_UPLOAD_BYTES, MAX_UPLOADS_PER_DAY, UPLOAD_MESSAGES } from './upload-rules';

/** A 1x1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');

/** Several sign-ups (argon2) per test: generous under a loaded full run. */
jest.setTimeout(30_000);

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

  /** The names of the images stored in the database (bytes and all); nothing is written to disk. */
  const stored = async () => (await t.sql<{ name: string }>('SELECT name FROM uploads WHERE bytes IS NOT NULL ORDER BY name')).rows.map((row) => row.name);
  /** Rows anywhere in `uploads` whose bytes contain these. */
  const rowsHolding = async (bytes: Buffer) => (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM uploads WHERE position($1::bytea IN bytes) > 0', [bytes])).rows[0].n;
  /** A PNG (by its signature) carrying a text no other upload has. */
  const distinctivePng = (marker: string) => Buffer.concat([PNG, Buffer.from(marker)]);

  it('stores a signed-in caregiver image under a random name and serves it back with its type', async () => {
    const res = await owner.post('/api/upload').attach('file', PNG, { filename: 'photo.png', contentType: 'image/png' }).expect(201);
    expect(res.body).toEqual({ url: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/) });
    expect(await stored()).toContain(res.body.url.split('/').pop());
    expect(await readdir(join(dataDir, 'uploads')).catch(() => [])).toEqual([]);
    const { rows } = await t.sql('SELECT uploader_id, content_type, size, created_at FROM uploads WHERE name = $1', [res.body.url.split('/').pop()]);
    expect(rows).toEqual([{ uploader_id: expect.any(String), content_type: 'image/png', size: PNG.length, created_at: expect.any(Date) }]);

    const back = await owner.get(res.body.url).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.headers['cache-control']).toBe('private, max-age=300');
    expect(back.headers['content-length']).toBe(String(PNG.length));
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
    // Knowing the random name is not enough for another family: the same 404 as for no such upload.
    const res = await other.get(body.url).expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: UPLOAD_MESSAGES.notFound });
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

  describe('who may see an upload', () => {
    const upload = async (agent: TestAgent) => (await agent.post('/api/upload').attach('file', PNG, 'photo.png').expect(201)).body.url as string;
    const addChild = async (agent: TestAgent, profileImageUrl: string | null = null) =>
      (await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez', profileImageUrl }).expect(201)).body.id as string;
    /** Sharing has no HTTP route yet (invitations arrive later): the command the route will send. */
    const share = (childId: string, primary: User, user: User, access: { canEdit: boolean } | 'revoke') =>
      t.app.get(CommandBus).execute(
        new ExecuteCareRecipientCommand(childId, {
          ...(access === 'revoke' ? { type: 'RevokeCaregiverAccess', data: { userId: user.id } } : { type: 'GrantCaregiverAccess', data: { userId: user.id, ...access } }),
          metadata: { actorId: primary.id, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
        }),
      );

    it('the uploader, and the caregivers of the recipient it was attached to, while they have access', async () => {
      const primary = await t.signUp();
      const secondary = await t.signUp();
      const stranger = await t.signUp();
      const profile = await upload(primary.agent);
      const medicationPhoto = await upload(primary.agent);
      const taskPhoto = await upload(primary.agent);
      const unattached = await upload(primary.agent);
      const childId = await addChild(primary.agent, profile);
      await primary.agent.post(`/api/children/${childId}/medications`).send({ name: 'Baclofen', dosage: '5 mg', photoUrl: medicationPhoto }).expect(201);
      await primary.agent.post(`/api/children/${childId}/tasks`).send({ name: 'Stretches', category: 'exercise_activity', scheduledTime: '09:00', imageUrl: taskPhoto }).expect(201);
      await share(childId, primary.user, secondary.user, { canEdit: true });

      for (const url of [profile, medicationPhoto, taskPhoto, unattached]) await primary.agent.get(url).expect(200);
      for (const url of [profile, medicationPhoto, taskPhoto]) await secondary.agent.get(url).expect(200);
      await secondary.agent.get(unattached).expect(404);
      for (const url of [profile, medicationPhoto, taskPhoto, unattached]) {
        await stranger.agent.get(url).expect(404);
        await t.agent().get(url).expect(401);
      }

      // A secondary caregiver's own upload reaches the primary once attached to the shared recipient.
      const fromSecondary = await upload(secondary.agent);
      await primary.agent.get(fromSecondary).expect(404);
      await secondary.agent.post(`/api/children/${childId}/medications`).send({ name: 'Keppra', dosage: '1 ml', photoUrl: fromSecondary }).expect(201);
      await primary.agent.get(fromSecondary).expect(200);
      await stranger.agent.get(fromSecondary).expect(404);

      await share(childId, primary.user, secondary.user, 'revoke');
      await secondary.agent.get(profile).expect(404);
      await secondary.agent.get(fromSecondary).expect(200); // still the uploader's own
      await primary.agent.get(profile).expect(200);
    });

    it('naming another family’s upload in your own recipient shows you nothing', async () => {
      const victim = await t.signUp();
      const thief = await t.signUp();
      const photo = await upload(victim.agent);
      await addChild(victim.agent, photo);
      const thiefsChild = await addChild(thief.agent, photo);
      await thief.agent.put(`/api/children/${thiefsChild}`).send({ profileImageUrl: photo }).expect(200);
      await thief.agent.get(photo).expect(404);
      await victim.agent.get(photo).expect(200);
    });

    it('Remove Care Recipient erases the photos attached to them: the bytes leave the database', async () => {
      const primary = await t.signUp();
      const secondary = await t.signUp();
      const marker = `recipient-photo-${randomUUID()}`;
      const photo = (await primary.agent.post('/api/upload').attach('file', distinctivePng(marker), 'photo.png').expect(201)).body.url as string;
      const medicationPhoto = await upload(primary.agent);
      const kept = await upload(primary.agent);
      const childId = await addChild(primary.agent, photo);
      await primary.agent.post(`/api/children/${childId}/medications`).send({ name: 'Baclofen', dosage: '5 mg', photoUrl: medicationPhoto }).expect(201);
      await share(childId, primary.user, secondary.user, { canEdit: false });
      await secondary.agent.get(photo).expect(200);
      expect(await rowsHolding(Buffer.from(marker))).toBe(1);

      await primary.agent.delete(`/api/children/${childId}`).expect(204);
      for (const url of [photo, medicationPhoto]) {
        await secondary.agent.get(url).expect(404);
        await primary.agent.get(url).expect(404);
      }
      expect(await rowsHolding(Buffer.from(marker))).toBe(0);
      expect(await stored()).not.toContain(photo.split('/').pop());
      // An upload never attached to the recipient stays the uploader's.
      await primary.agent.get(kept).expect(200);
    });
  });

  it(`allows ${MAX_UPLOADS_PER_DAY} uploads per user per day, counted atomically; then 429 and nothing stored`, async () => {
    const busy = (await t.signUp()).agent;
    const before = (await stored()).length;
    const answers = await Promise.all(
      Array.from({ length: MAX_UPLOADS_PER_DAY + 10 }, () => busy.post('/api/upload').attach('file', PNG, { filename: 'photo.png', contentType: 'image/png' })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_UPLOADS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(answers.find((res) => res.status === 429)?.body).toEqual({ statusCode: 429, message: UPLOAD_MESSAGES.dailyLimit });
    expect((await stored()).length).toBe(before + MAX_UPLOADS_PER_DAY);
    // The limit is per user: another caregiver still uploads.
    await other.post('/api/upload').attach('file', PNG, 'photo.png').expect(201);
  }, 60_000);

  it('Delete Account removes the photos the user uploaded, and only theirs', async () => {
    const leaving = await t.signUp({ password: 'correct horse battery' });
    const marker = `account-photo-${randomUUID()}`;
    const theirs = (await leaving.agent.post('/api/upload').attach('file', distinctivePng(marker), 'photo.png').expect(201)).body.url.split('/').pop();
    const kept = (await other.post('/api/upload').attach('file', PNG, 'photo.png').expect(201)).body.url.split('/').pop();
    expect(await stored()).toEqual(expect.arrayContaining([theirs, kept]));

    await leaving.agent.delete('/api/user').send({ password: 'correct horse battery' }).expect(204);
    const left = await stored();
    expect(left).not.toContain(theirs);
    expect(left).toContain(kept);
    expect(await rowsHolding(Buffer.from(marker))).toBe(0);
    await other.get(`/api/uploads/${kept}`).expect(200);
  });

  it('moves photos an API process had stored on its disk into the database, then serves them from there', async () => {
    const { user, agent } = await t.signUp();
    const onDisk = `${randomUUID()}.gif`;
    const missing = `${randomUUID()}.png`;
    await mkdir(join(dataDir, 'uploads'), { recursive: true });
    await writeFile(join(dataDir, 'uploads', onDisk), GIF);
    // Rows as the disk store wrote them: no bytes. `missing` lies on another replica's disk.
    for (const name of [onDisk, missing]) await t.sql('INSERT INTO uploads (name, uploader_id, created_at) VALUES ($1, $2, now())', [name, user.id]);
    await agent.get(`/api/uploads/${onDisk}`).expect(404);

    expect(await t.app.get(LegacyDiskUploads).importFiles()).toBe(1);
    const back = await agent.get(`/api/uploads/${onDisk}`).expect(200);
    expect(back.headers['content-type']).toBe('image/gif');
    expect(await readdir(join(dataDir, 'uploads'))).toEqual([]);
    await agent.get(`/api/uploads/${missing}`).expect(404);
    expect(await t.app.get(LegacyDiskUploads).importFiles()).toBe(0);
  });
});
