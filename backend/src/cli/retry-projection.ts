import { ProjectionRunner } from '../platform/projections/projection-runner';
import { runWithApp } from './run-with-app';

/**
 * npm run projections:retry -- <projection> — after the defect that made a projection park events
 * is fixed, applies its parked events (projection_failures) again, oldest first. Those that now apply
 * are removed from the table; the others stay with their new error. Stop the projector processes first.
 */
runWithApp(async (app, log) => {
  const runner = app.get(ProjectionRunner);
  const [name] = process.argv.slice(2);
  if (!name) throw new Error(`usage: npm run projections:retry -- <projection>; projections: ${runner.names.join(', ')}`);
  const { applied, failed } = await runner.retryParked(name);
  log.info({ projection: name, applied, failed }, failed.length === 0 ? 'every parked event applied' : 'some parked events still fail');
  if (failed.length > 0) process.exitCode = 1;
});
