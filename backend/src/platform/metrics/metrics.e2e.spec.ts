import { randomBytes, randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import type TestAgent from 'supertest/lib/agent';
import { startTestApp, useTestApp } from '../../test-support/test-app';
import { ProjectionRunner } from '../projections/projection-runner';
import { MAINTENANCE_QUEUE } from '../queue/queue.module';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the Prometheus text format (only what prom-client writes: no escaped quotes in our labels). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

describe('GET /api/metrics', () => {
  const token = randomBytes(32).toString('hex');
  const adminEmail = `metrics-admin-${randomUUID()}@example.com`;
  let admin: TestAgent;
  let caregiver: TestAgent;

  const t = useTestApp({ ADMIN_EMAILS: adminEmail, METRICS_TOKEN: token }, 60_000);
  beforeAll(async () => {
    admin = (await t.signUp({ email: adminEmail })).agent;
    caregiver = (await t.signUp()).agent;
  }, 60_000);

  const scrape = async (): Promise<Sample[]> => parse((await t.agent().get('/api/metrics').set('Authorization', `Bearer ${token}`).expect(200)).text);
  const series = (samples: Sample[], name: string) => samples.filter((s) => s.name === name);

  describe('access', () => {
    it('refuses anonymous requests with 401', async () => {
      const res = await t.agent().get('/api/metrics').expect(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    });

    it('refuses a wrong token with 401, even with an admin session', async () => {
      await t.agent().get('/api/metrics').set('Authorization', `Bearer ${randomBytes(32).toString('hex')}`).expect(401);
      await t.agent().get('/api/metrics').set('Authorization', `Bearer ${token.slice(0, -1)}`).expect(401);
      await t.agent().get('/api/metrics').set('Authorization', `Basic ${token}`).expect(401);
      await admin.get('/api/metrics').set('Authorization', 'Bearer wrong').expect(401);
    });

    it('refuses a signed-in caregiver who is not an admin with 403', async () => {
      const res = await caregiver.get('/api/metrics').expect(403);
      expect(res.body).toEqual({ statusCode: 403, message: 'Forbidden' });
    });

    it('answers an admin session and the token in the Prometheus text format', async () => {
      for (const res of [await admin.get('/api/metrics').expect(200), await t.agent().get('/api/metrics').set('Authorization', `bearer ${token}`).expect(200)]) {
        expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
        for (const name of [
          'process_cpu_user_seconds_total',
          'process_resident_memory_bytes',
          'nodejs_eventloop_lag_seconds',
          'nodejs_heap_size_used_bytes',
          'http_request_duration_seconds',
          'bull_queue_jobs',
          'projection_lag_events',
          'projection_lag_seconds',
          'projection_parked_events',
        ]) {
          expect(res.text).toContain(`# TYPE ${name} `);
        }
      }
    });

    it('refuses the token when METRICS_TOKEN is not set', async () => {
      const other = await startTestApp();
      try {
        await other.agent().get('/api/metrics').set('Authorization', `Bearer ${token}`).expect(401);
        await other.agent().get('/api/metrics').set('Authorization', 'Bearer ').expect(401);
      } finally {
        await other.close();
      }
    }, 60_000);
  });

  describe('request latency', () => {
    it('labels requests with the matched route pattern, never the raw URL', async () => {
      const taskId = randomUUID();
      const strayId = randomUUID();
      await caregiver.get(`/api/tasks/${taskId}`).expect(404);
      await caregiver.get(`/api/tasks/${taskId}`).expect(404);
      await caregiver.get(`/api/no-such-route/${strayId}`).expect(404);
      // Refused by the HTTP rules before any routing: still timed.
      await caregiver.put(`/api/tasks/${taskId}/complete`).set('Origin', 'https://elsewhere.example').send({}).expect(403);

      const res = await t.agent().get('/api/metrics').set('Authorization', `Bearer ${token}`).expect(200);
      expect(res.text).not.toContain(taskId);
      expect(res.text).not.toContain(strayId);
      const counts = series(parse(res.text), 'http_request_duration_seconds_count');
      const count = (labels: Record<string, string>) => counts.find((s) => JSON.stringify(s.labels) === JSON.stringify(labels))?.value;
      expect(count({ method: 'GET', route: '/api/tasks/:id', status_code: '404' })).toBe(2);
      expect(count({ method: 'POST', route: '/api/auth/register', status_code: '201' })).toBe(2);
      expect(count({ method: 'GET', route: '/api/metrics', status_code: '403' })).toBeGreaterThanOrEqual(1);
      expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
      expect(count({ method: 'PUT', route: 'unmatched', status_code: '403' })).toBeGreaterThanOrEqual(1);
      const routes = new Set(counts.map((s) => s.labels.route));
      for (const route of routes) expect(route === 'unmatched' || route.startsWith('/api/')).toBe(true);

      const buckets = series(parse(res.text), 'http_request_duration_seconds_bucket').filter(
        (s) => s.labels.route === '/api/tasks/:id' && s.labels.status_code === '404',
      );
      expect(buckets.find((s) => s.labels.le === '+Inf')?.value).toBe(2);
    });
  });

  describe('queues', () => {
    it('counts the jobs of every registered queue by state at scrape time', async () => {
      const depth = (samples: Sample[]) => series(samples, 'bull_queue_jobs');
      const before = depth(await scrape());
      const queues = [...new Set(before.map((s) => s.labels.queue))].sort();
      expect(queues).toEqual(['billing-subscription-quantity', 'google-calendar-sync', 'maintenance', 'prayer-tasks', 'recurring-tasks', 'refill-reminders', 'reminders']);
      for (const queue of queues) {
        expect(before.filter((s) => s.labels.queue === queue).map((s) => s.labels.state).sort()).toEqual(['active', 'delayed', 'failed', 'waiting']);
      }

      const maintenance = t.app.get<Queue>(getQueueToken(MAINTENANCE_QUEUE));
      const job = await maintenance.add('metrics-probe', {}, { delay: 60_000 });
      try {
        const delayed = (samples: Sample[]) => depth(samples).find((s) => s.labels.queue === 'maintenance' && s.labels.state === 'delayed')!.value;
        expect(delayed(await scrape())).toBe(delayed(before) + 1);
      } finally {
        await job.remove();
      }
    });
  });

  describe('projections', () => {
    it('reports lag and parked events with one series per projection', async () => {
      const projections = [...t.app.get(ProjectionRunner).names].sort();
      expect(projections.length).toBeGreaterThan(0);
      const samples = await scrape();
      for (const name of ['projection_lag_events', 'projection_lag_seconds', 'projection_parked_events']) {
        const gauge = series(samples, name);
        expect(gauge.map((s) => s.labels.projection).sort()).toEqual(projections);
        for (const s of gauge) expect(s.value).toBeGreaterThanOrEqual(0);
      }
      for (const s of series(samples, 'projection_parked_events')) expect(s.value).toBe(0);
    });
  });
});
