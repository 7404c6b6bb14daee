import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { startTestApp, useTestApp, type TestApp } from '../../test-support/test-app';

const cspWith = (scriptSources: string) =>
  `default-src 'self';script-src 'self'${scriptSources};script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;` +
  "connect-src 'self';frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'";
// The built page's inline boot script (frontend/home-prefetch.js) is allowed by its hash, and only it;
// an app without a built front end allows no inline script at all.
const BOOT_SCRIPT = '(function () { window.started = true; })();';
const CSP = cspWith(` 'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`);
const CSP_WITHOUT_FRONTEND = cspWith('');

function expectSecurityHeaders(res: Response, csp = CSP): void {
  expect(res.headers['content-security-policy']).toBe(csp);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
}

/** docs/security.md, Headers: helmet on HTML, static files and API answers; no-store on the API. */
describe('security headers', () => {
  let frontendDist: string;
  let t: TestApp;
  beforeAll(async () => {
    frontendDist = await mkdtemp(join(tmpdir(), 'carecircle-frontend-'));
    await mkdir(join(frontendDist, 'assets'));
    await writeFile(
      join(frontendDist, 'index.html'),
      `<!doctype html><title>CareCircle</title><script>${BOOT_SCRIPT}</script><script type="module" src="/assets/index-Ab12.js"></script>`,
    );
    await writeFile(join(frontendDist, 'assets/index-Ab12.js'), 'console.log("app");');
    await writeFile(join(frontendDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(frontendDist, 'sw.js'), "self.addEventListener('fetch', () => {});");
    await writeFile(join(frontendDist, 'manifest.webmanifest'), '{"name":"CareCircle"}');
    t = await startTestApp({ FRONTEND_DIST: frontendDist });
  });
  afterAll(async () => {
    await t.close();
    await rm(frontendDist, { recursive: true, force: true });
  });

  it('sends the CSP and the other headers with the HTML page, asked again each time, and no HSTS on plain http', async () => {
    for (const path of ['/', '/today']) {
      const res = await t.agent().get(path).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<title>CareCircle</title>');
      expectSecurityHeaders(res);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps hashed assets cached for a year, other static files revalidated', async () => {
    const asset = await t.agent().get('/assets/index-Ab12.js').expect(200);
    expectSecurityHeaders(asset);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.agent().get('/favicon.svg').expect(200);
    expectSecurityHeaders(icon);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker and the web app manifest with their types, revalidated on every visit', async () => {
    // docs/notifications.md, Offline and install: a browser only installs a worker served as JavaScript,
    // and no-cache makes it look for a new version each time (the worker's scope is the whole site).
    const worker = await t.agent().get('/sw.js').expect(200);
    expectSecurityHeaders(worker);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.agent().get('/manifest.webmanifest').expect(200);
    expectSecurityHeaders(manifest);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('marks API answers no-store, with data, errors and refusals alike', async () => {
    const { agent } = await t.signUp();
    await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Silva' }).expect(201);
    const answers = [
      await agent.get('/api/children').expect(200),
      await agent.get('/api/auth/user').expect(200),
      await t.agent().get('/api/children').expect(401),
      await t.agent().get('/api/nothing-here').expect(404),
      await agent.post('/api/children').set('Origin', 'https://evil.example').send({ firstName: 'M', lastName: 'L' }).expect(403),
    ];
    expect(answers[0].body).toHaveLength(1);
    for (const res of answers) {
      expectSecurityHeaders(res);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('security headers behind HTTPS, and API docs in production', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://care.example.org', NODE_ENV: 'production', DATA_KEY_SECRET: 'k'.repeat(32) });

  it('sends HSTS when the public address is https', async () => {
    const res = await t.agent().get('/api/health').expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expectSecurityHeaders(res, CSP_WITHOUT_FRONTEND);
  });

  it('hides /api/docs in production', async () => {
    for (const path of ['/api/docs', '/api/docs-json']) {
      const res = await t.agent().get(path).expect(404);
      expect(res.body.statusCode).toBe(404);
    }
  });
});

describe('OpenAPI description', () => {
  const t = useTestApp({ NODE_ENV: 'production', DATA_KEY_SECRET: 'k'.repeat(32), API_DOCS: 'public' });

  it('is served in production with API_DOCS=public, with the security headers', async () => {
    const page = await t.agent().get('/api/docs/').expect(200);
    expect(page.text).toContain('swagger-ui');
    expectSecurityHeaders(page, CSP_WITHOUT_FRONTEND);
  });

  it('documents the real request bodies, generated from the DTOs', async () => {
    const { body: openapi } = await t.agent().get('/api/docs-json').expect(200);
    const schemas = openapi.components.schemas;
    const requestSchema = (path: string, method: string) => openapi.paths[path][method].requestBody.content['application/json'].schema.$ref;

    expect(requestSchema('/api/auth/register', 'post')).toBe('#/components/schemas/RegisterDto');
    expect(schemas.RegisterDto.properties).toEqual({
      firstName: { type: 'string' },
      lastName: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
    });
    expect(schemas.RegisterDto.required.sort()).toEqual(['email', 'firstName', 'lastName', 'password']);

    expect(requestSchema('/api/children/{childId}/tasks', 'post')).toBe('#/components/schemas/CreateTaskDto');
    const task = schemas.CreateTaskDto;
    expect(task.required.sort()).toEqual(['category', 'name']);
    expect(task.properties.name).toEqual({ type: 'string' });
    expect(task.properties.category.enum).toContain('medication');
    expect(task.properties.scheduledTimes).toMatchObject({ type: 'array', items: { type: 'string' }, maxItems: 48 });
    expect(task.properties.appointmentDetails).toMatchObject({ nullable: true, allOf: [{ $ref: '#/components/schemas/AppointmentDto' }] });
    expect(Object.keys(schemas.AppointmentDto.properties)).toEqual(expect.arrayContaining(['type', 'startTime', 'location', 'reminders']));
    // The update body derives from the create body: the same fields, none required.
    expect(Object.keys(schemas.UpdateTaskDto.properties)).toEqual(expect.arrayContaining(['name', 'category', 'scheduledDate']));
    expect(schemas.UpdateTaskDto.required).toBeUndefined();
  });
});
