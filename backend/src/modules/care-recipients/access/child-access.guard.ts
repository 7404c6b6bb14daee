import { BadRequestException, CanActivate, ExecutionContext, ForbiddenException, Injectable, NotFoundException, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { isUuid, type Child, type User } from '@carecircle/libs';
import { ChildrenQuery, prefetchedChild } from '../read-models/children/children.query';

const CHILD_ACCESS = 'care-recipients:child-access';

export type ChildAccessNeed = 'read' | 'edit';

/**
 * The one policy for every child-scoped route: the route's `:childId` (or `:id`) must name a
 * recipient the signed-in user may see (404 otherwise, so other families learn nothing), and for
 * 'edit' one they may change (403). The checked recipient is left on the request as `child`.
 * A route whose recipient comes in the JSON body names it as 'body.<field>' (e.g. 'body.childId').
 */
export const ChildAccess = (need: ChildAccessNeed, param = 'childId') => SetMetadata(CHILD_ACCESS, { need, param });

@Injectable()
export class ChildAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly children: ChildrenQuery,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<{ need: ChildAccessNeed; param: string } | undefined>(CHILD_ACCESS, context.getHandler());
    if (!rule) return true;
    const req = context.switchToHttp().getRequest<Request & { user?: User; child?: Child }>();
    const inBody = rule.param.startsWith('body.');
    const field = inBody ? rule.param.slice('body.'.length) : rule.param;
    const childId = inBody ? (req.body as Record<string, unknown> | undefined)?.[field] : req.params[field];
    if (!isUuid(childId)) {
      const message = 'Care recipient id must be a UUID';
      throw new BadRequestException({ message, errors: [{ field, message }] });
    }
    // Usually loaded with the session (app.ts: recipientAccessPrefetch), else read here.
    const prefetched = prefetchedChild(req, `child:${childId}`);
    const child = !req.user ? null : prefetched !== undefined ? prefetched : await this.children.getFor(req.user.id, childId);
    if (!child) throw new NotFoundException('Care recipient not found');
    if (rule.need === 'edit' && !child.canEdit) throw new ForbiddenException('You can view this care recipient but not change it');
    req.child = child;
    return true;
  }
}
