import { ProjectionRunner } from '../platform/projections/projection-runner';
import { runWithApp } from './run-with-app';

/**
 * npm run projections:rebuild [-- [--offline] <projection> ...] — replays the whole event store into
 * fresh read models (every projection, or those named); a failure names the event and leaves the live
 * read models as they were.
 *
 * Online (the default) while the application runs: the read models are rebuilt into shadow tables
 * while the projectors keep serving the live ones, then switched in with their checkpoints after a
 * short hand-over (ProjectionRunner.rebuildOnline). `--offline` replays in one transaction into the
 * live tables, which is faster but needs every process with the projector role stopped first.
 */
runWithApp(async (app, log) => {
  const runner = app.get(ProjectionRunner);
  const args = process.argv.slice(2);
  const offline = args.includes('--offline');
  const names = args.filter((arg) => arg !== '--offline');
  const unknown = names.filter((name) => name.startsWith('--'));
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(', ')}; usage: projections:rebuild [-- [--offline] <projection> ...]`);
  const projections = names.length > 0 ? names : runner.names;
  const started = Date.now();
  const result = offline
    ? await runner.rebuild(projections)
    : await runner.rebuildOnline(projections, { progress: (phase) => void (phase === 'paused' && log.info({ projections }, 'projectors paused for the hand-over')) });
  const ms = Date.now() - started;
  log.info(
    { mode: offline ? 'offline' : 'online', projections, ...result, ms, eventsPerSecond: Math.round((result.events * 1000) / Math.max(ms, 1)) },
    'rebuilt from the event store',
  );
});
