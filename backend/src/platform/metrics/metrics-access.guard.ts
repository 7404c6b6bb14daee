import { createHash, timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../database/database.tokens';
import { SESSION_ABSOLUTE_MS } from '../session/session';

const BEARER = /^Bearer\s+(.*)$/i;

/**
 * Who may read the metrics: `Authorization: Bearer <METRICS_TOKEN>` (a scraper), or the session of
 * a super_admin. A request that presents a token is judged by the token alone. Anonymous and wrong
 * tokens: 401; a signed-in user who is not an admin: 403.
 *
 * The route is public to identity's session guard (a scraper has no session), so this guard checks
 * the session itself the way identity does: a signed-in user id within the absolute time-out, and
 * that user's role in the `users` read model (read with SQL: the platform may not import a module).
 */
@Injectable()
export class MetricsAccessGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const authorization = req.headers.authorization;
    if (authorization !== undefined) {
      const token = BEARER.exec(authorization)?.[1].trim();
      if (this.config.metricsToken !== null && token !== undefined && sameSecret(token, this.config.metricsToken)) return true;
      throw new UnauthorizedException('Unauthorized');
    }
    const session = req.session;
    if (!session?.userId || Date.now() - (session.signedInAt ?? 0) > SESSION_ABSOLUTE_MS) throw new UnauthorizedException('Unauthorized');
    const { rows } = await this.pool.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [session.userId]);
    if (rows.length === 0) throw new UnauthorizedException('Unauthorized');
    if (rows[0].role !== 'super_admin') throw new ForbiddenException('Forbidden');
    return true;
  }
}

/** Constant time whatever the inputs: the digests always have the same length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
