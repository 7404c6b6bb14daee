import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Pool } from 'pg';
import { ProjectionFailedError } from '../projections/projection-failures';
import { ProjectionLagError } from '../projections/projection-runner';
import { IDEMPOTENCY_KEY_HEADER, jsonFingerprint, MultipartFingerprint, readIdempotencyKey } from './idempotency-key';

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_MESSAGES = {
  inProgress: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed. Try again in a moment.`,
  reused: `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request. Use a new key for a new request.`,
  unavailable: `The ${IDEMPOTENCY_KEY_HEADER} could not be checked right now. Please try again in a moment.`,
} as const;

/** How long a key and its stored answer are kept. */
export const IDEMPOTENCY_KEY_TTL = '24 hours';
/**
 * A key still in progress after this long belongs to a request whose process died (no handler runs
 * for minutes: commands wait at most 5 s for their projections), so a retry may claim it again.
 */
export const ABANDONED_AFTER = '5 minutes';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 4xx answers that mean "not now" rather than "no": not kept, so a retry runs again. */
const NOT_KEPT = new Set([401, 408, 425, 429]);
/**
 * The 5xx answers that are kept: "Your change was saved, but ..." (read-your-writes timed out, or a
 * projection parked the change's event). Running the request again would save it twice.
 */
const SAVED_CODES: unknown[] = [new ProjectionLagError().code, new ProjectionFailedError([], null).code];
/** Claim attempts when the row we saw is released between our insert and our read. */
const CLAIM_ATTEMPTS = 3;

interface Scope {
  userId: string;
  method: string;
  path: string;
  key: string;
}

interface StoredAnswer {
  fingerprint: string | null;
  response_status: number | null;
  response_content_type: string | null;
  response_body: string | null;
}

/** The key is ours (`claim` is the token that lets only us store or release it), or held by this row (gone if just released). */
type Claim = { claim: string } | { existing: StoredAnswer | undefined };

const log = new Logger('Idempotency');

function refuse(res: Response, statusCode: number, message: string, extra: Record<string, unknown> = {}): void {
  res.status(statusCode).json({ statusCode, message, ...extra });
}

/**
 * Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field", Stripe's behaviour) for every
 * state-changing API request of a signed-in user; see docs/http.md. The key is scoped to the user,
 * the method and the path. The first request claims it atomically, runs, and its answer (2xx or 4xx)
 * is stored before it is sent; a repeat gets that answer again (`Idempotent-Replayed: true`) without
 * running anything; a repeat with another body is a 422; one while the first still runs is a 409.
 * A 5xx releases the key, unless it says the change was saved. Anonymous requests and
 * `ignoredPaths` (sign-in: its answers carry a session) are left alone. Mounted on /api after the
 * JSON body parser and the session.
 */
export function idempotency(pool: Pool, options: { ignoredPaths: RegExp[] }): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    const values = req.headersDistinct[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    const userId = req.session?.userId;
    if (!values || !STATE_CHANGING.has(req.method) || !userId || options.ignoredPaths.some((p) => p.test(req.path))) return next();
    const read = readIdempotencyKey(values);
    if ('error' in read) {
      return refuse(res, 400, read.error, { code: 'IDEMPOTENCY.INVALID_KEY', errors: [{ field: IDEMPOTENCY_KEY_HEADER, message: read.error }] });
    }
    const scope: Scope = { userId, method: req.method, path: req.baseUrl + req.path, key: read.key };
    handle(pool, scope, req, res, next).catch((error: unknown) => {
      log.warn(`${IDEMPOTENCY_KEY_HEADER} check failed: ${(error as Error).message}`);
      if (!res.headersSent) refuse(res, 503, IDEMPOTENCY_MESSAGES.unavailable);
    });
  };
}

async function handle(pool: Pool, scope: Scope, req: Request, res: Response, next: NextFunction): Promise<void> {
  const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
  const multipart = Boolean(req.is('multipart/form-data'));
  // A multipart body is not read yet (multer reads it in the route): its fingerprint comes as it streams.
  const fingerprint = multipart ? null : jsonFingerprint(query, req.body);

  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const claimed = await claimKey(pool, scope, fingerprint);
    if ('claim' in claimed) {
      const multipartFingerprint = multipart ? tapMultipart(req, query) : null;
      storeTheAnswer(pool, scope, claimed.claim, req, res, async () => fingerprint ?? (await multipartFingerprint));
      return next();
    }
    const stored = claimed.existing;
    if (!stored) continue;
    if (stored.response_status === null) {
      res.set('Retry-After', '1');
      return refuse(res, 409, IDEMPOTENCY_MESSAGES.inProgress, { code: 'IDEMPOTENCY.IN_PROGRESS' });
    }
    const mine = fingerprint ?? (await readMultipart(req, query));
    if (mine !== stored.fingerprint) return refuse(res, 422, IDEMPOTENCY_MESSAGES.reused, { code: 'IDEMPOTENCY.KEY_REUSED' });
    return replay(res, stored);
  }
  res.set('Retry-After', '1');
  refuse(res, 409, IDEMPOTENCY_MESSAGES.inProgress, { code: 'IDEMPOTENCY.IN_PROGRESS' });
}

/** Claims the key atomically: a new row, or one that expired or was abandoned; otherwise answers the row that holds it. */
async function claimKey(pool: Pool, scope: Scope, fingerprint: string | null): Promise<Claim> {
  const token = randomUUID();
  const key = [scope.userId, scope.method, scope.path, scope.key];
  const inserted = await pool.query(
    `INSERT INTO idempotency_keys (user_id, method, path, idempotency_key, fingerprint, claim, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now(), now() + $7::interval)
     ON CONFLICT (user_id, method, path, idempotency_key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, claim = EXCLUDED.claim, created_at = EXCLUDED.created_at,
           expires_at = EXCLUDED.expires_at, response_status = NULL, response_content_type = NULL, response_body = NULL
       WHERE idempotency_keys.expires_at <= now()
          OR (idempotency_keys.response_status IS NULL AND idempotency_keys.created_at <= now() - $8::interval)
     RETURNING claim`,
    [...key, fingerprint, token, IDEMPOTENCY_KEY_TTL, ABANDONED_AFTER],
  );
  if (inserted.rowCount === 1) return { claim: token };
  const { rows } = await pool.query<StoredAnswer>(
    `SELECT fingerprint, response_status, response_content_type, response_body FROM idempotency_keys
     WHERE user_id = $1 AND method = $2 AND path = $3 AND idempotency_key = $4`,
    key,
  );
  return { existing: rows[0] };
}

/**
 * Holds the answer back until it is stored (so a client that has seen it can only get it replayed),
 * or until the key is released when it must not be kept. Headers are never stored: a replay carries
 * no cookie of the first answer.
 */
function storeTheAnswer(pool: Pool, scope: Scope, claim: string, req: Request, res: Response, fingerprint: () => Promise<string | null>): void {
  const where = `user_id = $1 AND method = $2 AND path = $3 AND idempotency_key = $4 AND claim = $5`;
  const params = [scope.userId, scope.method, scope.path, scope.key, claim];
  const release = () => pool.query(`DELETE FROM idempotency_keys WHERE ${where}`, params);
  const send = res.send;
  let settled = false;

  async function settle(status: number, contentType: string | null, body: unknown): Promise<void> {
    const storable = body === undefined || body === null || (typeof body === 'string' && !body.includes('\0'));
    const keep = storable && (status < 500 ? !NOT_KEPT.has(status) : isSavedButNotShown(body));
    // The rest of a body no route read (an early refusal) still belongs to the fingerprint.
    if (req.readable) req.resume();
    const print = keep ? await fingerprint() : null;
    if (print === null) {
      await release();
      return;
    }
    await pool.query(
      `UPDATE idempotency_keys SET fingerprint = $6, response_status = $7, response_content_type = $8, response_body = $9 WHERE ${where}`,
      [...params, print, status, contentType, typeof body === 'string' ? body : null],
    );
  }

  res.send = function sendOnceStored(this: Response, body?: unknown) {
    if (settled) return send.call(this, body);
    settled = true;
    const contentType = res.get('Content-Type') ?? null;
    settle(res.statusCode, contentType, body)
      .catch((error: unknown) => log.error(`could not store the answer for an ${IDEMPOTENCY_KEY_HEADER}: ${(error as Error).message}`))
      .finally(() => {
        res.send = send;
        if (!res.headersSent) send.call(res, body);
      });
    return res;
  } as Response['send'];
  // An answer written without res.send (a stream) is not kept: release the key so a retry runs again.
  res.once('finish', () => {
    if (settled) return;
    settled = true;
    release().catch((error: unknown) => log.error(`could not release an ${IDEMPOTENCY_KEY_HEADER}: ${(error as Error).message}`));
  });
}

function isSavedButNotShown(body: unknown): boolean {
  try {
    return typeof body === 'string' && SAVED_CODES.includes((JSON.parse(body) as { code?: unknown }).code);
  } catch {
    return false;
  }
}

function replay(res: Response, stored: StoredAnswer): void {
  res.status(stored.response_status!).set(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (stored.response_content_type) res.set('Content-Type', stored.response_content_type);
  res.send(stored.response_body ?? undefined);
}

/** Hashes a multipart body as it streams past whoever reads it, without changing how it is read; null if it never ends. */
function tapMultipart(req: Request, query: string): Promise<string | null> {
  const fingerprint = new MultipartFingerprint(query, req.get('content-type') ?? '');
  // Listening for data must not start the flow before the route's reader is attached: it resumes the stream.
  req.pause();
  return new Promise<string | null>((resolve) => {
    req.on('data', (chunk: Buffer) => fingerprint.update(chunk));
    req.once('end', () => resolve(fingerprint.digest()));
    req.once('error', () => resolve(null));
    // After 'end' this changes nothing; before it, the client went away mid-body.
    req.once('close', () => resolve(null));
  });
}

/** The fingerprint of a multipart repeat that will not reach its route: read the whole body here. */
async function readMultipart(req: Request, query: string): Promise<string | null> {
  const fingerprint = tapMultipart(req, query);
  req.resume();
  return fingerprint;
}

/** The periodic chore (worker role): expired keys and their answers leave the table. */
export async function pruneExpiredIdempotencyKeys(pool: Pool): Promise<number> {
  const { rowCount } = await pool.query('DELETE FROM idempotency_keys WHERE expires_at <= now()');
  return rowCount ?? 0;
}
