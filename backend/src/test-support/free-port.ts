import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The lowest port the kernel hands out for outgoing connections and `listen(0)`. A port from that
 * range can be free when checked and taken a moment later by any other test's connection to
 * PostgreSQL or Redis (a CI run once lost a child server to EADDRINUSE that way), so test servers
 * listen below it.
 */
const ephemeralLow = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
})();

const listens = (port: number) =>
  new Promise<boolean>((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, () => server.close(() => done(true)));
  });

/**
 * A TCP port free right now on every address, for a server a test starts as a child process: picked
 * at random below the ephemeral range, so no outgoing connection can take it before the child
 * listens; two test files drawing the same port at the same moment is the remaining (1 in ~10,000)
 * chance.
 */
export const freePort = async () => {
  const low = Math.max(1024, ephemeralLow - 12_000);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = low + Math.floor(Math.random() * (ephemeralLow - low));
    if (await listens(port)) return port;
  }
  throw new Error(`no free port in ${low}-${ephemeralLow - 1} after 100 tries`);
};
