import { ProjectionRunner } from '../platform/projections/projection-runner';
import { runWithApp } from './run-with-app';

/**
 * npm run projections:rebuild [-- <projection> ...] — replays the whole event store into fresh read
 * models (every projection, or those named), in one transaction: a failure names the event and
 * leaves the live read models as they were. Processes with the projector role must be stopped first
 * (each projection is held by an advisory lock).
 */
runWithApp(async (app, log) => {
  const runner = app.get(ProjectionRunner);
  const names = process.argv.slice(2);
  const started = Date.now();
  const { events } = await runner.rebuild(names.length > 0 ? names : runner.names);
  const ms = Date.now() - started;
  log.info({ projections: names.length > 0 ? names : runner.names, events, ms, eventsPerSecond: Math.round((events * 1000) / Math.max(ms, 1)) }, 'rebuilt from the event store');
});
