import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

function refuse(res: Response, statusCode: number, message: string): void {
  res.status(statusCode).json({ statusCode, message });
}

/**
 * CSRF and body rules for state-changing API requests (DESIGN.md): refused with 403 when Origin
 * (or Referer) names another origin than the one the request was sent to, and with 415 when a body
 * is not JSON (multipart only for uploads).
 */
export function requestGuards(options: { multipartPaths: RegExp[] }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next();
    const claimed = originOf(req.get('origin')) ?? originOf(req.get('referer'));
    const own = `${req.protocol}://${req.get('host')}`;
    if (claimed !== null && claimed !== own) return refuse(res, 403, 'Cross-site request refused');

    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody) {
      const multipartAllowed = options.multipartPaths.some((p) => p.test(req.path));
      const json = Boolean(req.is('application/json'));
      const multipart = multipartAllowed && Boolean(req.is('multipart/form-data'));
      if (!json && !multipart) return refuse(res, 415, 'The request body must be JSON (Content-Type: application/json)');
    }
    next();
  };
}
