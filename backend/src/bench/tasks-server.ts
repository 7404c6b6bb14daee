/**
 * The tasks benchmark's server, in a process of its own (forked by tasks.bench.ts): the whole app and
 * a bare NestJS app beside it, as the browsers' server would be. The clients stay in the bench's
 * process, so what they spend sending requests and reading answers (10 MB ones in the fair cell) is
 * not on the event loop being measured.
 *
 * Messages: it sends `{ base, bareBase }` once both listen; it takes `{ profile: file }` (a CPU profile
 * of this process from now on, written to `file` at the next `{ profile: null }`) and `{ stop: true }`.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Controller, Get, Module, Put, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createApp } from '../app';
import { loadConfig } from '../config/app-config';
import { profileThisProcess, type CellProfiler } from './http-bench';
import { deleteRedisKeys } from '../test-support/redis-keys';

/** The same HTTP stack with nothing behind it: the floor a route can reach on this machine. */
@Controller('bench')
class BareController {
  @Put(':id/complete')
  complete() {
    return { id: 'x', status: 'completed' };
  }
  @Get(':id/tasks')
  tasks() {
    return [];
  }
}
@Module({ controllers: [BareController] })
class BareModule {}

type Message = { profile: string | null } | { stop: true };
type Ready = { base: string; bareBase: string } | { error: string };

async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

async function serve(databaseUrl: string): Promise<void> {
  const config = loadConfig(
    // 50 caregivers register from one address.
    { LOG_LEVEL: 'error', QUEUE_PREFIX: `cc-bench-${randomUUID()}`, DATABASE_URL: databaseUrl, REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000' },
    { frontendDist: '/nonexistent' },
  );
  const app = await createApp(config, databaseUrl);
  const bare = await NestFactory.create(BareModule, { logger: false });
  let stopProfile: (() => Promise<void>) | null = null;
  process.on('message', (message: Message) => {
    void (async () => {
      if ('stop' in message) {
        await bare.close();
        await app.close();
        await deleteRedisKeys(config.redisUrl, config.queuePrefix);
        process.disconnect();
      } else if (message.profile) {
        stopProfile = await profileThisProcess(message.profile);
        process.send!({ profiling: true });
      } else {
        await stopProfile?.();
        stopProfile = null;
        process.send!({ profiling: false });
      }
    })();
  });
  process.send!({ base: await listen(app), bareBase: await listen(bare) } satisfies Ready);
}

export interface TasksServer {
  base: string;
  bareBase: string;
  profiler: CellProfiler;
  close(): Promise<void>;
}

/** Forks this file as the server on `databaseUrl` (migrated) and answers once it listens. */
export async function startTasksServer(databaseUrl: string): Promise<TasksServer> {
  const child = fork(__filename, [], { env: { ...process.env, TASKS_BENCH_DATABASE_URL: databaseUrl }, execArgv: [] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (message) => resolve(message as T));
      void exited.then(() => reject(new Error(`the tasks bench server exited (${child.exitCode})`)));
    });
  const ready = await next<Ready>();
  if ('error' in ready) throw new Error(`the tasks bench server did not start: ${ready.error}`);
  return {
    ...ready,
    profiler: async (file) => {
      child.send({ profile: file } satisfies Message);
      await next();
      return async () => {
        child.send({ profile: null } satisfies Message);
        await next();
      };
    },
    async close() {
      if (child.connected) child.send({ stop: true } satisfies Message);
      await exited;
    },
  };
}

if (require.main === module) {
  serve(process.env.TASKS_BENCH_DATABASE_URL!).catch((error: unknown) => {
    process.send!({ error: String((error as Error).stack ?? error) } satisfies Ready);
    process.exitCode = 1;
  });
}
