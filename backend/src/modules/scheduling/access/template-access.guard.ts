import { CanActivate, ExecutionContext, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import { isUuid, REPEATING_MESSAGES, type Child, type User } from '@carecircle/libs';
import { ChildrenQuery } from '../../care-recipients';
import { TaskTemplatesQuery } from '../read-models/task-templates/task-templates.query';

/**
 * The child access policy for routes addressed by template id (`:templateId`), all of which change
 * the schedule: the template's recipient must be one the user may see (404 otherwise, also for a
 * malformed id: other families learn nothing) and may change (403 without canEdit).
 */
@Injectable()
export class TemplateAccessGuard implements CanActivate {
  constructor(
    private readonly templates: TaskTemplatesQuery,
    private readonly children: ChildrenQuery,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { user?: User; child?: Child }>();
    const templateId = req.params.templateId;
    const [template] = isUuid(templateId) ? await this.templates.byIds([templateId]) : [];
    const child = template && req.user ? await this.children.getFor(req.user.id, template.childId) : null;
    if (!child) throw new NotFoundException(REPEATING_MESSAGES.notFound);
    if (!child.canEdit) throw new ForbiddenException('You can view this care recipient but not change it');
    req.child = child;
    return true;
  }
}
