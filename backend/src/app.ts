import type { IncomingMessage } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { ErrorRequestHandler, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import type { Pool } from 'pg';
import { AppModule, servesFrontend } from './app.module';
import { recipientAccessPrefetch } from './modules/care-recipients';
import { USER_OF_SESSION } from './modules/identity';
import { taskAccessPrefetch } from './modules/scheduling';
import type { AppConfig } from './config/app-config';
import openApiMetadata from './openapi-metadata';
import { PG_POOL } from './platform/database/database.tokens';
import { compressAnswers, precompressedFiles } from './platform/http/compression';
import { HttpExceptionFilter } from './platform/http/http-exception.filter';
import { idempotency } from './platform/http/idempotency';
import { inputSafety } from './platform/http/input-safety.middleware';
import { readYourWrites } from './platform/http/read-your-writes';
import { requestGuards } from './platform/http/request-guards.middleware';
import { inlineScriptHashes, noStore, securityHeaders } from './platform/http/security-headers';
import { createValidationPipe } from './platform/http/validation';
import { HttpMetrics } from './platform/metrics/http-metrics';
import { ProjectionRunner } from './platform/projections/projection-runner';
import { serverRenderedHome } from './platform/http/server-rendered-home';
import { resolveSessionSecret, sessionMiddleware, signedInHint, type Prefetch } from './platform/session/session';

export const JSON_BODY_LIMIT = '100kb';
/**
 * Requests whose exact bytes a route needs besides the parsed JSON: Stripe signs the raw body of its
 * webhooks (docs/billing.md), which re-serialised JSON would not match. Kept as `req.rawBody`.
 */
const RAW_BODY_PATHS = ['/api/stripe/webhook'];
const keepRawBody = (req: IncomingMessage & { rawBody?: Buffer }, _res: unknown, body: Buffer) => {
  if (RAW_BODY_PATHS.includes((req.url ?? '').split('?')[0])) req.rawBody = body;
};

/**
 * The recipient access check of a child- or task-addressed route (ChildAccessGuard, TaskAccessGuard),
 * loaded by the session's own statement: the day view and a completion each make one round trip fewer.
 */
const CHILD_PATH = /^\/api\/children\/([^/]+)(?:\/|$)/;
const TASK_PATH = /^\/api\/tasks\/([^/]+)(?:\/|$)/;
function accessCheckOf(req: Request): Prefetch | null {
  const child = CHILD_PATH.exec(req.path);
  if (child) return recipientAccessPrefetch(`child:${child[1]}`, child[1]);
  const task = TASK_PATH.exec(req.path);
  return task ? taskAccessPrefetch(task[1]) : null;
}

/** Builds the Nest application with every HTTP rule of DESIGN.md; used by main.ts and the e2e tests. */
export async function createApp(config: AppConfig, databaseUrl: string): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  // X-Forwarded-For names the client only when a configured proxy sent it (TRUSTED_PROXIES; default: no one).
  app.set('trust proxy', config.trustedProxies.length > 0 ? config.trustedProxies : false);
  app.disable('x-powered-by');
  app.use(compressAnswers());
  app.setGlobalPrefix('api');
  app.use(securityHeaders({ publicUrl: config.publicUrl, inlineScripts: servesFrontend(config) ? inlineScriptHashes(config.frontendDist) : [], stripe: Boolean(config.stripe?.publishableKey) }));
  app.use('/api', noStore);

  const pool = app.get<Pool>(PG_POOL);
  app.use(app.get(HttpMetrics).middleware);
  // Built assets answer here, before the session and API middleware they do not need.
  if (servesFrontend(config)) app.use(precompressedFiles(config.frontendDist));
  app.use('/api', requestGuards({ multipartPaths: [/^\/upload$/] }));
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT, verify: keepRawBody });
  const filter = new HttpExceptionFilter();
  const answerError = (error: unknown, res: Response) => filter.catch(error, { switchToHttp: () => ({ getResponse: () => res }) } as never);
  // body-parser errors (bad JSON, too large) happen before routing: answer them like any other error.
  const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
    if (!(error as { type?: string }).type) return next(error);
    answerError(error, res);
  };
  app.use(bodyErrors);
  // Unstorable text (NUL, lone surrogates) and over-deep JSON are a 400 before any route runs.
  app.use('/api', inputSafety());
  app.use(sessionMiddleware(pool, await resolveSessionSecret(pool, config.sessionSecret), USER_OF_SESSION, accessCheckOf));
  app.use(signedInHint());
  // A session's request after a command that left its projections' wait to it (complete, undo) waits here.
  app.use(readYourWrites(app.get(ProjectionRunner), pool, answerError));
  // A signed-in caregiver's `/` comes with Today in it (server-rendered-home.ts).
  if (servesFrontend(config)) app.use(serverRenderedHome(config.frontendDist));
  // Signed-in state-changing requests only; sign-in answers carry a session cookie (docs/http.md), and
  // invitation answers and paths carry a link's token, which is stored nowhere (docs/care-team.md).
  app.use('/api', idempotency(pool, { ignoredPaths: [/^\/auth\//, /^\/caregiver-invitations(\/|$)/, /^\/calendar\/feed-token$/] }));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(filter);

  if (config.apiDocs) {
    // Request body schemas generated from the DTOs by the swagger plugin (npm run openapi:metadata).
    // Built at its first request, not at every start (a fifth of a second of CPU, mostly unused).
    await SwaggerModule.loadPluginMetadata(openApiMetadata);
    const info = new DocumentBuilder().setTitle('CareCircle API').setDescription('Family care coordination').setVersion('0.1.0').build();
    SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, info));
  }
  return app;
}
