import { CanActivate, ExecutionContext, ForbiddenException, Injectable, NotFoundException, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { isUuid, TASK_MESSAGES, type Child, type User } from '@carecircle/libs';
import { ChildrenQuery, prefetchedChild, recipientAccessPrefetch } from '../../care-recipients';
import { TaskHistoryQuery } from '../history/task-history.query';
import { DailyTasksQuery, taskRecipientOf } from '../read-models/daily-tasks/daily-tasks.query';

const TASK_ACCESS = 'scheduling:task-access';

/**
 * The child access policy (care-recipients' ChildAccessGuard) for routes addressed by task id
 * (`:id`): the task's recipient comes from the daily_tasks read model, then the same rule applies:
 * 404 when the user may not see it (other families learn nothing, not even that the id exists),
 * 403 for 'edit' without canEdit. `includeRemoved` (the auditors' history) also finds removed tasks,
 * whose recipient it reads from the task's stream. A non-UUID id is a 404.
 */
export const TaskAccess = (need: 'read' | 'edit', options: { includeRemoved?: boolean } = {}) =>
  SetMetadata(TASK_ACCESS, { need, includeRemoved: options.includeRemoved === true });

/** The key of a task's access check loaded with the session (taskAccessPrefetch). */
const taskKey = (taskId: string) => `task:${taskId}`;

/** The access check of a route addressed by task id, for the session's statement (app.ts). */
export const taskAccessPrefetch = (taskId: string) => recipientAccessPrefetch(taskKey(taskId), taskId, taskRecipientOf(taskId));

const prefetchedTaskChild = (req: Request, taskId: string) => prefetchedChild(req, taskKey(taskId));

@Injectable()
export class TaskAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tasks: DailyTasksQuery,
    private readonly history: TaskHistoryQuery,
    private readonly children: ChildrenQuery,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<{ need: 'read' | 'edit'; includeRemoved: boolean } | undefined>(TASK_ACCESS, context.getHandler());
    if (!rule) return true;
    const req = context.switchToHttp().getRequest<Request & { user?: User; child?: Child }>();
    const taskId = req.params.id;
    if (!isUuid(taskId) || !req.user) throw new NotFoundException(TASK_MESSAGES.notFound);
    // Usually loaded with the session (app.ts: recipientAccessPrefetch), else read here.
    const prefetched = prefetchedTaskChild(req, taskId);
    let child = prefetched !== undefined ? prefetched : await this.children.getFor(req.user.id, this.tasks.recipientOf(taskId));
    if (!child && rule.includeRemoved) {
      const childId = await this.history.childOf(taskId);
      child = childId ? await this.children.getFor(req.user.id, childId) : null;
    }
    if (!child) throw new NotFoundException(TASK_MESSAGES.notFound);
    if (rule.need === 'edit' && !child.canEdit) throw new ForbiddenException('You can view this care recipient but not change it');
    req.child = child;
    return true;
  }
}
