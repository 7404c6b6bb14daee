import { CanActivate, ExecutionContext, ForbiddenException, Injectable, SetMetadata, UnauthorizedException, UseGuards, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { SESSION_ABSOLUTE_MS } from '../../../platform/session/session';
import { waitedForWrites } from '../../../platform/http/read-your-writes';
import { toUser, type UserEntity } from '../read-models/users/users.entity';
import { USER_ROW_EVENTS } from '../read-models/users/users.projection';
import { UsersQuery } from '../read-models/users/users.query';

const PUBLIC = 'identity:public';
/** Marks a route that anonymous visitors may call. Everything else needs a session. */
export const Public = () => SetMetadata(PUBLIC, true);

type AuthenticatedRequest = Request & { user?: User };

/** Global guard: a valid, unexpired session of an existing user, unless the route is @Public(). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersQuery,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const session = req.session;
    if (!session?.userId) throw new UnauthorizedException('Unauthorized');
    if (Date.now() - (session.signedInAt ?? 0) > SESSION_ABSOLUTE_MS) {
      await new Promise<void>((resolve) => session.destroy(() => resolve()));
      throw new UnauthorizedException('Unauthorized');
    }
    const user = loadedWithSession(req, session.userId) ?? (await this.users.byId(session.userId));
    if (!user) throw new UnauthorizedException('Unauthorized');
    req.user = user;
    return true;
  }
}

/**
 * The user's row the session's own statement loaded (app.ts passes USER_OF_SESSION), unless the request
 * then waited for session writes that change a user's row (the row read before them may be older).
 */
function loadedWithSession(req: AuthenticatedRequest, userId: string): User | null {
  const row = req.session.alongside as UserEntity | undefined;
  const stale = waitedForWrites(req).some((type) => (USER_ROW_EVENTS as readonly string[]).includes(type));
  return row?.id === userId && !stale ? toUser(row) : null;
}

/** The signed-in user, loaded by SessionGuard. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): User => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw new UnauthorizedException('Unauthorized');
  return user;
});

/** Route guard after SessionGuard: super admins only (403 for every other signed-in user). */
@Injectable()
class SuperAdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.switchToHttp().getRequest<AuthenticatedRequest>().user?.role !== 'super_admin') throw new ForbiddenException('Forbidden');
    return true;
  }
}
export const SuperAdminOnly = () => UseGuards(SuperAdminGuard);
