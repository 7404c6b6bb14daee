import { DynamicModule, Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { Options } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EventSourcedStreams } from './commands/event-sourced-streams';
import { DATABASE_URL, PG_POOL } from './database/database.tokens';
import { EVENT_STORE, type EventStore } from './event-store/event-store';
import { PostgresEventStore } from './event-store/postgres-event-store';
import { DataKeys } from './privacy/data-keys';
import { EncryptingEventStore } from './privacy/encrypting-event-store';
import { Erasure } from './privacy/erasure';
import { PersonalData } from './privacy/personal-data';
import { HealthController } from './health/health.controller';
import { MAILER, type Mailer } from './mail/mailer';
import { SmtpMailer, UnsentMailer } from './mail/smtp-mailer';
import { MetricsModule } from './metrics/metrics.module';
import { ProjectionChangeFeed } from './projections/projection-changes';
import { ProjectionRunner } from './projections/projection-runner';
import { QueueModule } from './queue/queue.module';

@Injectable()
class PlatformLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.mailer instanceof SmtpMailer) this.mailer.close();
    await this.store.close();
    await this.pool.end();
  }
}

/** The event-sourcing platform every module stands on: config, database, event store, projections, queues, mail, metrics. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig, databaseUrl: string, orm: Options): DynamicModule {
    return {
      module: PlatformModule,
      imports: [DiscoveryModule, MikroOrmModule.forRoot(orm), QueueModule.forRoot(config), MetricsModule],
      controllers: [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE_URL, useValue: databaseUrl },
        {
          provide: PG_POOL,
          useFactory: () => {
            const pool = new Pool({ connectionString: databaseUrl, max: config.databasePoolSize });
            // An idle client losing its connection (database restart, dropped test database) must not crash the process.
            pool.on('error', (error) => new Logger('PgPool').warn(`idle database connection lost: ${error.message}`));
            return pool;
          },
        },
        PersonalData,
        {
          provide: DataKeys,
          inject: [PG_POOL],
          useFactory: async (pool: Pool): Promise<DataKeys> => {
            const keys = new DataKeys(pool, config.dataKeySecret);
            await keys.init();
            return keys;
          },
        },
        {
          provide: EVENT_STORE,
          inject: [PG_POOL, DataKeys, PersonalData],
          useFactory: async (pool: Pool, keys: DataKeys, personalData: PersonalData): Promise<EventStore> => {
            if (config.eventStoreConnectionString) {
              // Loaded only when configured: its gRPC client is a seventh of what an app start loads. With
              // require, not import(): the build keeps import() native, and Node's import() of this
              // CommonJS file does not see its names.
              // eslint-disable-next-line @typescript-eslint/no-require-imports
              const { EventStoreDbEventStore } = require('./event-store/eventstoredb-event-store') as typeof import('./event-store/eventstoredb-event-store');
              return new EncryptingEventStore(new EventStoreDbEventStore(config.eventStoreConnectionString), keys, personalData);
            }
            const store = new PostgresEventStore(pool);
            await store.init();
            return new EncryptingEventStore(store, keys, personalData);
          },
        },
        { provide: MAILER, useFactory: (): Mailer => (config.smtp ? new SmtpMailer(config.smtp) : new UnsentMailer()) },
        Erasure,
        ProjectionRunner,
        ProjectionChangeFeed,
        EventSourcedStreams,
        PlatformLifecycle,
      ],
      exports: [APP_CONFIG, DATABASE_URL, PG_POOL, EVENT_STORE, MAILER, PersonalData, DataKeys, Erasure, ProjectionRunner, ProjectionChangeFeed, EventSourcedStreams, MetricsModule],
    };
  }
}
