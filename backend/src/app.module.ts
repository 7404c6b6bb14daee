import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ServeStaticModule } from '@nestjs/serve-static';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from './config/app-config';
import { ormConfig, SESSION_BOUNDS } from './database/orm.config';
import { AdminModule } from './modules/admin';
import { AuditModule } from './modules/audit';
import { BillingModule } from './modules/billing';
import { CalendarModule } from './modules/calendar';
import { CareHubModule } from './modules/care-hub';
import { CommunityModule } from './modules/community';
import { ReportsModule } from './modules/reports';
import { CareRecipientsModule } from './modules/care-recipients';
import { CareTeamModule } from './modules/care-team';
import { CareUpdatesModule } from './modules/care-updates';
import { IdentityModule } from './modules/identity';
import { LiveUpdatesModule } from './modules/live-updates';
import { NotificationsModule } from './modules/notifications';
import { PrayerTimesModule } from './modules/prayer-times';
import { SchedulingModule } from './modules/scheduling';
import { UploadsModule } from './modules/uploads';
import { cacheControlFor } from './platform/http/compression';
import { redactRequestForLog } from './platform/http/log-redaction';
import { PlatformModule } from './platform/platform.module';

/** The api role serves the built front end when there is one (`npm run build`). */
export const servesFrontend = (config: AppConfig) => config.roles.includes('api') && existsSync(config.frontendDist);

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          // Every route, in path-to-regexp 8's words (nestjs-pino's default '*' is converted with a warning at each start).
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
            // Invitation tokens travel in paths: the request log keeps none (docs/care-team.md).
            serializers: { req: redactRequestForLog },
            autoLogging: { ignore: (req) => req.url === '/api/health' },
          },
        }),
        PlatformModule.forRoot(config, databaseUrl, ormConfig(databaseUrl, SESSION_BOUNDS, config.databasePoolSize)),
        CqrsModule.forRoot(),
        IdentityModule,
        CareRecipientsModule,
        CareTeamModule,
        SchedulingModule,
        NotificationsModule.forRoot(config),
        LiveUpdatesModule,
        UploadsModule,
        AdminModule,
        AuditModule,
        CalendarModule,
        CareHubModule,
        CareUpdatesModule,
        PrayerTimesModule,
        ReportsModule,
        BillingModule,
        CommunityModule,
        ...(servesFrontend(config)
          ? [
              ServeStaticModule.forRoot({
                rootPath: config.frontendDist,
                exclude: ['/api/{*path}'],
                serveStaticOptions: { setHeaders: (res: ServerResponse, file: string) => res.setHeader('Cache-Control', cacheControlFor(config.frontendDist, file)) },
              }),
            ]
          : []),
      ],
    };
  }
}
