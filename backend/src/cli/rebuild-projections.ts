import { ProjectionRunner } from '../platform/projections/projection-runner';
import { runWithApp } from './run-with-app';

/**
 * npm run projections:rebuild — replays the whole event store into fresh read models. Processes
 * with the projector role must be stopped first (each projection is held by an advisory lock).
 */
runWithApp(async (app, log) => {
  const runner = app.get(ProjectionRunner);
  const started = Date.now();
  await runner.rebuild();
  log.info({ projections: runner.names, ms: Date.now() - started }, 'rebuilt every projection from the event store');
});
