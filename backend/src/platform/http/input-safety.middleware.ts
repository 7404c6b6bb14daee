import type { NextFunction, Request, Response } from 'express';
import { isSafeText, MAX_JSON_DEPTH, toSafeText, VALIDATION_MESSAGES } from '@carecircle/libs';

export interface InputProblem {
  field: string;
  message: string;
}

/**
 * The first problem in parsed JSON (a body or a query): a key or a string holding NUL or an unpaired
 * surrogate (neither can be stored: PostgreSQL refuses them in text and jsonb), or nesting deeper
 * than MAX_JSON_DEPTH. Iterative, so any depth the parser produced is walked without recursion.
 * Fields are named as the validation errors name them: `tasks.0.name`.
 */
export function findInputProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): InputProblem | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    const field = path.join('.');
    if (typeof current === 'string') {
      if (!isSafeText(current)) return { field, message: `${field || 'The request body'} ${VALIDATION_MESSAGES.unsafeText}` };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= maxDepth) return { field: path[0], message: VALIDATION_MESSAGES.tooDeep };
    for (const [key, child] of Object.entries(current)) {
      if (!isSafeText(key)) {
        const named = [...path, toSafeText(key)].join('.');
        return { field: named, message: `${named} ${VALIDATION_MESSAGES.unsafeText}` };
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/** A path segment that does not decode, or decodes to unsafe text. */
function pathProblem(path: string): InputProblem | null {
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { field: 'path', message: VALIDATION_MESSAGES.badAddress };
    }
    if (!isSafeText(decoded)) return { field: 'path', message: VALIDATION_MESSAGES.badAddress };
  }
  return null;
}

/**
 * Before any route, guard or handler: the address, the query and the parsed JSON body hold only
 * storable text and the body nests at most MAX_JSON_DEPTH deep; otherwise 400 naming the field.
 * Mounted after the JSON body parser (app.ts).
 */
export function inputSafety() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const problem = pathProblem(req.path) ?? findInputProblem(req.query) ?? findInputProblem(req.body);
    if (!problem) return next();
    res.status(400).json({ statusCode: 400, message: problem.message, errors: [problem] });
  };
}
