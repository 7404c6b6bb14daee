import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Answers up to this size, sent in one piece, are compressed in place (compressWhole); larger ones stream. */
export const WHOLE_ANSWER_MAX_BYTES = 64 * 1024;

/**
 * Compresses answers of 1 KiB or more (API JSON, the HTML page) for clients that accept it. Never the
 * live-updates stream: a compressor holds bytes back until it has enough, and an event must reach the
 * browser the moment it is written (the stream also says `no-transform`, which compression honours).
 *
 * At the fastest settings: on this 2-core machine the default gzip level (6) cost 0.1-0.2 ms of CPU
 * per 4 KB day and 46-59 ms per 10 MB range; level 1 costs a third to a half of that for 4 % more
 * bytes on a day, 16 % on the range. Brotli (browsers) at quality 1 instead of the middleware's 4:
 * 8 ms instead of 43 ms for the range, 10-14 % more bytes.
 */
export function compressAnswers(): RequestHandler {
  const streamed = compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    level: zlibConstants.Z_BEST_SPEED,
    brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    filter: compressible,
  });
  return (req, res, next) => streamed(req, res, () => compressWhole(req, res, next));
}

const BROTLI_QUALITY = 1;

function compressible(req: Request, res: Response): boolean {
  return !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res);
}

/**
 * An answer sent in one `end()` (every JSON answer of a route: `res.json`) and no larger than
 * WHOLE_ANSWER_MAX_BYTES is compressed at once, in this call, and sent with its length in one socket
 * write. Through the streaming middleware the same 4 KB day went to the zlib thread pool and back and
 * out as chunks: two or three writes and a queue hop, on a route whose floor is half a millisecond.
 * The streaming middleware, which wraps this, leaves an answer that already has a Content-Encoding alone
 * (and still adds its Vary); streamed answers (res.write: files, long ranges, live updates) go through it.
 */
function compressWhole(req: Request, res: Response, next: () => void): void {
  const write = res.write;
  const end = res.end;
  let streaming = false;
  res.write = function (this: Response, ...args: Parameters<Response['write']>) {
    streaming = true;
    return write.apply(this, args);
  } as Response['write'];
  res.end = function (this: Response, ...args: unknown[]) {
    const [chunk, encoding] = args;
    if (!streaming && !res.headersSent && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
      const body = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk;
      const coding = body.length >= COMPRESSION_THRESHOLD_BYTES && body.length <= WHOLE_ANSWER_MAX_BYTES ? chosenCoding(req, res) : null;
      if (coding) {
        const compressed = coding === 'br' ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : gzipSync(body, { level: zlibConstants.Z_BEST_SPEED });
        res.setHeader('Content-Encoding', coding);
        res.setHeader('Content-Length', compressed.length);
        res.removeHeader('Content-Range');
        const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
        return (end as (this: Response, chunk: Buffer, callback?: () => void) => Response).call(this, compressed, callback);
      }
    }
    return end.apply(this, args as Parameters<Response['end']>);
  } as Response['end'];
  next();
}

/** br or gzip when the answer may be compressed and the client takes one of them (br first), else null. */
function chosenCoding(req: Request, res: Response): 'br' | 'gzip' | null {
  if (req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304 || res.getHeader('Content-Encoding')) return null;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/.test(String(res.getHeader('Cache-Control') ?? '')) || !compressible(req, res)) return null;
  // Our order, not the header's (as precompressedFiles): Chrome sends "gzip, deflate, br, zstd", all at q=1.
  return req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
}

/**
 * Cache-Control of the built front end. Vite names the files in assets/ by their content hash: cached
 * for a year. index.html is asked again each time, and so are the service worker /sw.js and the
 * manifest, so browsers find a new version on their next visit (revalidated with the ETag).
 */
export function cacheControlFor(root: string, file: string): string {
  return relative(root, file).startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Encodings the front-end build writes beside a file (frontend/vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves the brotli or gzip file the build wrote beside a static file (the first of the two that the
 * request's Accept-Encoding accepts) with the original file's Content-Type, the same Cache-Control
 * and its own ETag. A client that accepts neither falls through to the plain file. The list of
 * compressed files is read once at start: the front end is built before the server starts.
 */
export function precompressedFiles(root: string): RequestHandler {
  const compressed = new Map<string, Set<string>>();
  if (existsSync(root)) {
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      const encoding = ENCODINGS.find((candidate) => file.endsWith(candidate.suffix));
      if (!encoding) continue;
      const urlPath = `/${file.slice(0, -encoding.suffix.length).split(sep).join('/')}`;
      compressed.set(urlPath, (compressed.get(urlPath) ?? new Set()).add(encoding.name));
    }
  }
  return (req: Request, res: Response, next) => {
    const available = (req.method === 'GET' || req.method === 'HEAD') && compressed.get(req.path);
    if (!available) return next();
    res.vary('Accept-Encoding');
    // Our order, not the header's: Chrome sends "gzip, deflate, br, zstd", all at q=1, and brotli is smaller.
    const encoding = ENCODINGS.find((candidate) => available.has(candidate.name) && req.acceptsEncodings(candidate.name));
    if (!encoding) return next();
    const file = join(root, req.path);
    // send (under sendFile) keeps a Content-Type and Cache-Control already set, and makes the ETag
    // from the compressed file: each encoding is its own representation.
    res.type(extname(file)).set({ 'Content-Encoding': encoding.name, 'Cache-Control': cacheControlFor(root, file) });
    res.sendFile(`${file}${encoding.suffix}`, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
