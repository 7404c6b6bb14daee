import { Injectable } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import type { Request, RequestHandler } from 'express';
import { Histogram, Registry } from 'prom-client';

/** The route label of requests no controller answered (404s, requests refused before routing, ...). */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * http_request_duration_seconds{method,route,status_code}. `route` is the pattern of the controller
 * route that answered (`/api/tasks/:id/complete`), never the URL: ids and unknown paths would make
 * the number of series unbounded.
 */
@Injectable()
export class HttpMetrics {
  private readonly duration: Histogram<'method' | 'route' | 'status_code'>;

  constructor(registry: Registry) {
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency from arrival to the last byte of the answer, by matched route pattern',
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
    });
  }

  /**
   * Express middleware timing every request. Mounted first (createApp), so the time spent in the
   * session and body middleware counts, and requests they refuse are measured too.
   */
  readonly middleware: RequestHandler = (req, res, next) => {
    const end = this.duration.startTimer();
    res.once('finish', () => end({ method: req.method, route: routePattern(req), status_code: String(res.statusCode) }));
    next();
  };
}

/**
 * Express leaves on the request the last route that matched it, but Nest mounts module middleware
 * (MikroORM's request context, the request logger) as routes too (`/api/{*all}`), and those match
 * unknown paths. So a route counts only when it is a controller method's: Nest copies the method's
 * metadata onto the handler it registers. Anything else (404s, requests refused before routing,
 * the Swagger UI, the static front end) is `unmatched`.
 */
function routePattern(req: Request): string {
  const route = req.route as { path: unknown; stack: { handle: object }[] } | undefined;
  const controller = route?.stack.some((layer) => Reflect.hasMetadata(PATH_METADATA, layer.handle));
  return controller && typeof route?.path === 'string' ? route.path : UNMATCHED_ROUTE;
}
