import type { INestApplication } from '@nestjs/common';
import { APP_CONFIG, publicBaseUrl, type AppConfig } from '../config/app-config';
import { DEFAULT_DEMO_PASSWORD, DEMO_HELPER, DEMO_PRIMARY, DemoSeedRefused, checkDemoPassword, seedDemoFamily } from './demo-family';
import { runWithApp } from './run-with-app';

/**
 * npm run seed:demo — fills an empty database with the demo family (cli/demo-family.ts) through the
 * application's command handlers, then prints how to sign in. Uses the server's database exactly as
 * `npm start` does (DATABASE_URL, else PostgreSQL on 127.0.0.1:5432, else the embedded one under
 * .data/) and Redis at REDIS_URL. A second run changes nothing. DEMO_PASSWORD sets the password of
 * both demo accounts (default carecircle-demo), DEMO_TIMEZONE the family's time zone (default
 * America/Los_Angeles). Demo only: the password is printed and public.
 *
 * It runs the projector role itself, so it needs no server running; with `npm start` running on the
 * embedded PostgreSQL, stop the server first (one embedded server per data folder).
 */
const password = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
const timezone = process.env.DEMO_TIMEZONE || undefined;
try {
  checkDemoPassword(password);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const signInHelp = (app: INestApplication, passwordNote: string) => {
  const url = `${publicBaseUrl(app.get<AppConfig>(APP_CONFIG))}/login/email`;
  return [
    `Start the app with \`npm start\` and sign in at ${url}:`,
    `  primary caregiver    ${DEMO_PRIMARY.email}`,
    `  secondary caregiver  ${DEMO_HELPER.email}  (sees Maya only, may edit)`,
    `  password             ${passwordNote}`,
    'These accounts and their password are for demonstration only: anyone who reads this can sign in.',
  ].join('\n');
};

runWithApp(
  async (app) => {
    try {
      const result = await seedDemoFamily(app, { password, timezone, progress: (line) => console.log(`  ${line}`) });
      if (result.status === 'already-seeded') {
        console.log('The demo family is already in this database; nothing was changed.');
        console.log(signInHelp(app, `the one printed when it was seeded (${DEFAULT_DEMO_PASSWORD} unless DEMO_PASSWORD was set)`));
        return;
      }
      console.log(
        `Demo family seeded: ${result.tasks} tasks (${result.appointments} appointments), ${result.completed} completed, ` +
          `dates around today ${result.today} (${result.timezone}).`,
      );
      console.log(signInHelp(app, password));
    } catch (error) {
      if (!(error instanceof DemoSeedRefused)) throw error;
      console.error(`seed:demo: ${error.message}`);
      process.exitCode = 1;
    }
  },
  // Its commands wait for their projections, and on a fresh database no server is projecting.
  { roles: ['projector'], logLevel: 'warn' },
);
