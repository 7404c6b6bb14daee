import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { Request, RequestHandler } from 'express';

/** The server's build of Today (frontend/src/server/render-home.tsx, frontend/vite.server.config.ts). */
interface RenderHome {
  (request: { fetch: typeof fetch; now: number; phone: boolean; locale?: string }): Promise<{ html: string; state: unknown } | undefined>;
}

/** Past this the caregiver gets the plain page at once, and the app reads Today itself. */
export const SERVER_RENDER_TIMEOUT_MS = 1500;

const ROOT = '<div id="root"></div>';
const HTML_TAG = '<html lang="en">';

/**
 * JSON for the text of a `<script type="application/json">`: `<` written as \u003c, so no value (a
 * recipient named `</script>...`) can end the element; the parser of the page reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The first language of the request's Accept-Language that this server can write dates in (the browser's own language). */
export function readerLocale(req: Request): string | undefined {
  for (const tag of req.acceptsLanguages()) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // Not a language tag: the next one.
    }
  }
  return undefined;
}

/**
 * The page with the entry's stylesheet and Today's in a `<style>` in place of the entry's `<link>`
 * (the build lists both in .vite/home-files.json, frontend/vite.config.ts): a phone paints the
 * rendered day with the page itself, instead of a round trip later for a stylesheet, and Today's
 * own styles apply before its code arrives (the app then links them as usual; same rules). Their
 * urls are absolute (/assets/...) or data: and mean the same here.
 */
export function withStylesInline(frontendDist: string, template: string): string {
  const listed = join(frontendDist, '.vite', 'home-files.json');
  if (!existsSync(listed)) return template;
  const { today, entryCss } = JSON.parse(readFileSync(listed, 'utf8')) as { today: string[]; entryCss: string[] };
  const sheets = [...entryCss, ...today.filter((file) => file.endsWith('.css'))].map((href) => readFileSync(join(frontendDist, href), 'utf8'));
  if (sheets.some((css) => /<\/style/i.test(css))) return template;
  const withoutLinks = template.replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => (entryCss.some((href) => link.includes(`href="${href}"`)) ? '' : link));
  return withoutLinks.replace('</head>', () => `<style>${sheets.join('\n')}</style>\n  </head>`);
}

/** A phone, by the browser's own client hint (Chromium) or its user agent (MDN: "Mobi"). */
export const looksLikePhone = (req: Request) => req.get('sec-ch-ua-mobile') === '?1' || /Mobi/i.test(req.get('user-agent') ?? '');

/**
 * `GET /` for a signed-in caregiver: the built index.html with Today already in it (its HTML, and
 * the reads it was rendered from for the app to take over; docs/performance.md), so a phone paints
 * the day as soon as the page and its stylesheets arrive, not after the app's code has run. The reads
 * are the API's own routes, asked of this server with the request's cookie (same session, same access
 * checks, same JSON). Anything else, a failure, or no answer within 1.5 s: the plain page,
 * which reads Today itself. The page is this caregiver's: `private, no-store`.
 */
export function serverRenderedHome(frontendDist: string, { timeoutMs = SERVER_RENDER_TIMEOUT_MS } = {}): RequestHandler {
  const logger = new Logger('ServerRenderedHome');
  const page = join(frontendDist, 'index.html');
  const bundle = join(dirname(frontendDist), 'dist-server', 'render-home.cjs');
  const template = existsSync(page) ? withStylesInline(frontendDist, readFileSync(page, 'utf8')) : '';
  if (!existsSync(bundle) || !template.includes(ROOT) || !template.includes(HTML_TAG)) return (_req, _res, next) => next();
  // Loaded at the first signed-in `/`, not at start: the API alone never needs it.
  let renderHome: RenderHome | undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file built beside the front end
  const load = () => (renderHome ??= (require(bundle) as { renderHome: RenderHome }).renderHome);

  return (req, res, next) => {
    if (req.method !== 'GET' || req.originalUrl !== '/' || !req.session?.userId || !req.accepts('html')) return next();
    // This server, where this request reached it.
    const { localAddress, localPort } = req.socket;
    const self = `http://${localAddress?.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
    const asCaregiver: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'GET') throw new Error(`A server-rendered page only reads: ${request.method} ${request.url}`);
      const url = new URL(request.url);
      return fetch(`${self}${url.pathname}${url.search}`, {
        headers: { cookie: req.headers.cookie ?? '', accept: 'application/json', 'user-agent': req.get('user-agent') ?? '' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
    const rendering = Promise.resolve().then(() => load()({ fetch: asCaregiver, now: Date.now(), phone: looksLikePhone(req), locale: readerLocale(req) }));
    void Promise.race([rendering, timeout])
      .finally(() => clearTimeout(timer))
      .then(
        (rendered) => {
          if (!rendered) return next();
          // A function, not a string: `$&` or `$'` in a name must stay text, not a replacement pattern.
          const body = template
            .replace(HTML_TAG, '<html lang="en" data-server-rendered="">')
            .replace(ROOT, () => `<div id="root">${rendered.html}</div><script type="application/json" id="cc-server-render">${scriptSafeJson(rendered.state)}</script>`);
          res.set({ 'Cache-Control': 'private, no-store', Vary: 'Cookie' }).type('html').send(body);
        },
        (error: unknown) => {
          logger.warn(`Today could not be rendered on the server; the plain page is sent: ${error instanceof Error ? error.message : String(error)}`);
          next();
        },
      );
  };
}
