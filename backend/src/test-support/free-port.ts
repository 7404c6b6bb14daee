import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now, for a server a test starts as a child process. */
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
