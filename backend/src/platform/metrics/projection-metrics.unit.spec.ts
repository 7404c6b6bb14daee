import { Registry } from 'prom-client';
import { registerProjectionGauges, type ProjectionMetric } from './projection-metrics';

describe('projection gauges', () => {
  it('read the source once per scrape and give one series per projection', async () => {
    let reads = 0;
    const registry = new Registry();
    registerProjectionGauges(registry, {
      async projectionMetrics(): Promise<ProjectionMetric[]> {
        reads += 1;
        return [
          { projection: 'users', lagEvents: 3, lagSeconds: 1.5, parked: 0 },
          { projection: 'daily-tasks', lagEvents: 0, lagSeconds: 0, parked: 2 },
        ];
      },
    });
    const text = await registry.metrics();
    expect(reads).toBe(1);
    for (const line of [
      'projection_lag_events{projection="users"} 3',
      'projection_lag_events{projection="daily-tasks"} 0',
      'projection_lag_seconds{projection="users"} 1.5',
      'projection_parked_events{projection="daily-tasks"} 2',
    ]) {
      expect(text).toContain(line);
    }
    await registry.metrics();
    expect(reads).toBe(2);
  });

  it('drop the series of a projection that is gone, and all of them when the source fails', async () => {
    const answers: (() => Promise<ProjectionMetric[]>)[] = [
      async () => [
        { projection: 'users', lagEvents: 1, lagSeconds: 1, parked: 0 },
        { projection: 'retired', lagEvents: 1, lagSeconds: 1, parked: 0 },
      ],
      async () => [{ projection: 'users', lagEvents: 0, lagSeconds: 0, parked: 0 }],
      async () => {
        throw new Error('database unavailable');
      },
    ];
    const registry = new Registry();
    registerProjectionGauges(registry, { projectionMetrics: () => answers.shift()!() });
    expect(await registry.metrics()).toContain('projection="retired"');
    const second = await registry.metrics();
    expect(second).toContain('projection_lag_events{projection="users"} 0');
    expect(second).not.toContain('retired');
    const third = await registry.metrics();
    expect(third).toContain('# TYPE projection_lag_events gauge');
    expect(third).not.toContain('projection="');
  });
});
