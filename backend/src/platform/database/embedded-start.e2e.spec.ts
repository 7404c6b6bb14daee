import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const MAIN = resolve(__dirname, '../../../dist/main.js');
const isRoot = process.getuid?.() === 0;

/** Whether users other than root can traverse every folder down to the checkout (for `postgres`). */
function checkoutReachable(): boolean {
  for (let folder = dirname(MAIN); dirname(folder) !== folder; folder = dirname(folder)) {
    if ((statSync(folder).mode & 0o001) === 0) return false;
  }
  return true;
}

/**
 * `npm start` on a machine with no PostgreSQL: inside a fresh network namespace (only loopback,
 * nothing on 5432) with its own Redis, the built server must start an embedded PostgreSQL under
 * DATA_DIR, migrate it and answer healthy. Needs root for `unshare -n` (CI runs as root).
 */
(isRoot ? describe : describe.skip)('start-up without a PostgreSQL server', () => {
  // In a checkout the `postgres` user cannot enter (e.g. a clone under a 0700 folder), the server
  // must refuse with a message saying how to fix it instead of crashing.
  it('starts an embedded PostgreSQL, migrates it and serves the API (or explains why it cannot)', async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first (npm test does)`);
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-embedded-'));
    const script = `
      set -e
      ip link set lo up
      redis-server --port 6379 --daemonize yes --save '' --appendonly no --dir "$DATA_DIR" > /dev/null
      DATA_DIR="$DATA_DIR" PORT=3999 node "$MAIN" > "$DATA_DIR/server.log" 2>&1 &
      server=$!
      for i in $(seq 1 90); do
        kill -0 $server 2> /dev/null || break
        if health=$(node -e "fetch('http://127.0.0.1:3999/api/health').then(r => r.text()).then(t => { console.log(t); process.exit(0) }, () => process.exit(1))"); then break; fi
        sleep 1
      done
      kill -INT $server 2> /dev/null || true; wait $server || true
      redis-cli -p 6379 shutdown nosave > /dev/null 2>&1 || true
      echo "HEALTH $health"
      grep -o -e 'started an embedded PostgreSQL' -e "runs as the 'postgres' user, which cannot enter" "$DATA_DIR/server.log" | head -1
    `;
    try {
      const { stdout } = await promisify(execFile)('unshare', ['-n', 'bash', '-c', script], {
        env: { ...process.env, DATA_DIR: dataDir, MAIN, DATABASE_URL: '', REDIS_URL: '' },
        timeout: 120_000,
      });
      if (checkoutReachable()) {
        expect(stdout).toContain('HEALTH {"status":"ok","database":"up","eventStore":"up","redis":"up"}');
        expect(stdout).toContain('started an embedded PostgreSQL');
        expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      } else {
        expect(stdout).toContain("runs as the 'postgres' user, which cannot enter");
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
