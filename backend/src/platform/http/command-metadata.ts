import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { CommandMetadata } from '../commands/decider';

/** Where a command enters the system: who, which request, and the one clock read it gets. */
export function commandMetadata(req: Request): CommandMetadata {
  const requestId = (req as Request & { id?: unknown }).id;
  return {
    actorId: req.session?.userId ?? null,
    correlationId: typeof requestId === 'string' ? requestId : randomUUID(),
    occurredAt: new Date().toISOString(),
  };
}
