import { performance } from 'node:perf_hooks';
import { startTestApp } from '../test-support/test-app';
import type { BenchReport } from './report';

const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
const ROUNDS = 50;
const ADMIN_EMAIL = 'bench.admin@example.com';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Issue 25: the admin dashboard's reads with USERS accounts (seeded into the read models: a third of
 * them subscribed, half of those Per Child billing one or two recipients; a year of revenue days). Each cell: ROUNDS
 * requests one after another, through the whole app (session, role check, JSON).
 */
export async function adminBenchmark(): Promise<BenchReport> {
  const t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  try {
    const { agent } = await t.signUp({ email: ADMIN_EMAIL });
    await t.sql(
      `INSERT INTO users (id, email, first_name, last_name, role, subscription_active, subscription_plan, created_at, updated_at)
       SELECT gen_random_uuid(), 'user' || i || '@example.com', 'First' || i, 'Last' || (i % 997), 'parent',
              i % 3 = 0, CASE WHEN i % 3 = 0 THEN (CASE WHEN i % 2 = 0 THEN 'per_child' ELSE 'family_plan' END) END,
              now() - make_interval(secs => i), now()
       FROM generate_series(1, $1::int) AS i`,
      [USERS],
    );
    // What the billing events of those subscriptions project (admin.subscription-figures), and a year of days.
    await t.sql(
      `INSERT INTO admin_subscription_figures (user_id, plan, units, status, live, mrr, position, updated_at)
       SELECT id, subscription_plan, CASE WHEN subscription_plan = 'per_child' THEN 1 + (hashtext(email) & 1) ELSE 1 END, 'active', true, 0, 1, now()
       FROM users WHERE subscription_active`,
    );
    await t.sql(`UPDATE admin_subscription_figures SET mrr = CASE WHEN plan = 'per_child' THEN 20 * units ELSE 100 END`);
    await t.sql(
      `INSERT INTO admin_revenue_days (day, active, mrr, trials_started, conversions, cancellations)
       SELECT current_date - i, 30000 + i, 2000000 + 37 * i, i % 50, i % 30, i % 20 FROM generate_series(0, 365) AS i`,
    );
    await t.sql('ANALYZE users; ANALYZE admin_subscription_figures; ANALYZE admin_revenue_days');
    const cells: [string, string][] = [
      ['GET /api/admin/stats', '/api/admin/stats'],
      ['GET /api/admin/users (first page)', '/api/admin/users'],
      ['GET /api/admin/users?search=last42 (common)', '/api/admin/users?search=last42'],
      ['GET /api/admin/users?search=user99999@ (rare)', '/api/admin/users?search=user99999@'],
      ['GET /api/admin/revenue (365 days)', `/api/admin/revenue?from=${new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)}`],
    ];
    const rows: string[][] = [];
    for (const [label, path] of cells) {
      await agent.get(path).expect(200);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const started = performance.now();
        await agent.get(path).expect(200);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rows.push([label, String(ROUNDS), percentile(times, 50).toFixed(1), percentile(times, 99).toFixed(1)]);
    }
    return {
      title: `Admin dashboard reads over ${USERS.toLocaleString('en-US')} users`,
      notes: [
        'Seeded into the users and admin figures read models; a third subscribed, half of those Per Child billing 1-2 recipients; 366 revenue days.',
        `${ROUNDS} requests per cell, one at a time, through the whole app in this process (goal for the stats: under 100 ms).`,
      ],
      columns: ['cell', 'requests', 'p50 ms', 'p99 ms'],
      rows,
    };
  } finally {
    await t.close();
  }
}
