// Makes sure Debian's Chromium (the browser the Playwright tests drive) is installed.
//   node scripts/ensure-chromium.mjs      installs it with apt-get when missing and running as root
// Also imported by scripts/test.mjs.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

/** Answers { ok: true } or { ok: false, message } after installing Chromium if it can. */
export function ensureChromium({ log = console.log } = {}) {
  if (isExecutable(CHROMIUM_PATH)) return { ok: true };

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasAptGet()) {
    return {
      ok: false,
      message:
        `Chromium is missing (${CHROMIUM_PATH}); the browser tests need Debian's chromium package.\n` +
        '  Install it with: sudo apt-get install -y chromium',
    };
  }

  log(`Chromium is missing (${CHROMIUM_PATH}): installing it with apt-get update && apt-get install -y chromium (about 30 s)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (result.status !== 0) {
      return { ok: false, message: `apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal}); install Chromium by hand: apt-get install -y chromium` };
    }
  }
  if (!isExecutable(CHROMIUM_PATH)) {
    return { ok: false, message: `apt-get installed chromium but ${CHROMIUM_PATH} is still missing` };
  }
  log(`Chromium installed at ${CHROMIUM_PATH}`);
  return { ok: true };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = ensureChromium();
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
}
