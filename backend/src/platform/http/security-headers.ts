import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer (docs/security.md, Headers). Scripts only from our own
 * origin, never inline. Styles allow 'unsafe-inline' because antd and its rc-component parts inject
 * <style> elements at run time, some of them (the modal scroll lock, the scrollbar measure) without
 * a way to pass a nonce.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * helmet on every answer (HTML, static files, API): the CSP above, nosniff, frame denial and
 * Referrer-Policy strict-origin-when-cross-origin (no-referrer would make the browser send
 * `Origin: null` on same-origin POSTs, which the CSRF check refuses). HSTS only when the request
 * came over HTTPS or the app's public address is https: a plain-http localhost must not be pinned.
 */
export function securityHeaders(options: { publicUrl: string | null }): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 365 * 24 * 60 * 60, includeSubDomains: true });
  const publicHttps = options.publicUrl?.startsWith('https:') ?? false;
  return (req: Request, res: Response, next: NextFunction) =>
    headers(req, res, () => (publicHttps || req.secure ? hsts(req, res, next) : next()));
}

/** API answers carry personal data: no browser or proxy keeps them. A route may still set its own. */
export function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}
