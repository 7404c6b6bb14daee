import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer (docs/security.md, Headers). Scripts only from our own
 * origin, and the built page's own inline script by its hash (`inlineScriptHashes`). Styles allow
 * 'unsafe-inline' because antd and its rc-component parts inject <style> elements at run time, some
 * of them (the modal scroll lock, the scrollbar measure) without a way to pass a nonce.
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
/**
 * With billing configured (STRIPE_PUBLISHABLE_KEY), what Stripe.js needs (Stripe's documented CSP):
 * its script and the Payment Element's frames from js.stripe.com, 3-D Secure from hooks.stripe.com,
 * and calls to api.stripe.com (docs/billing.md).
 */
export const STRIPE_SOURCES = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

export function securityHeaders(options: { publicUrl: string | null; inlineScripts?: string[]; stripe?: boolean }): RequestHandler {
  const stripe = options.stripe === true;
  const directives = {
    ...CONTENT_SECURITY_POLICY,
    'script-src': [...CONTENT_SECURITY_POLICY['script-src'], ...(options.inlineScripts ?? []), ...(stripe ? STRIPE_SOURCES['script-src'] : [])],
    'connect-src': [...CONTENT_SECURITY_POLICY['connect-src'], ...(stripe ? STRIPE_SOURCES['connect-src'] : [])],
    ...(stripe ? { 'frame-src': STRIPE_SOURCES['frame-src'] } : {}),
  };
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 365 * 24 * 60 * 60, includeSubDomains: true });
  const publicHttps = options.publicUrl?.startsWith('https:') ?? false;
  return (req: Request, res: Response, next: NextFunction) =>
    headers(req, res, () => (publicHttps || req.secure ? hsts(req, res, next) : next()));
}

/**
 * The CSP sources ('sha256-...') of the inline scripts of the built index.html: the boot script that
 * starts the code of the screen `/` shows, and Today's first reads, while the page is parsed
 * (frontend/home-prefetch.js). Read once at start, like the rest of the build; none when the front
 * end is not built.
 */
export function inlineScriptHashes(frontendDist: string): string[] {
  const page = join(frontendDist, 'index.html');
  if (!existsSync(page)) return [];
  const html = readFileSync(page, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

/** API answers carry personal data: no browser or proxy keeps them. A route may still set its own. */
export function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}
