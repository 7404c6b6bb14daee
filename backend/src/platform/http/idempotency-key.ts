import { createHash, type Hash } from 'node:crypto';

/** The pure half of idempotency (idempotency.ts): reading the key and fingerprinting a request. */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export const INVALID_KEY_MESSAGE = `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters`;
export const SEVERAL_KEYS_MESSAGE = `Send one ${IDEMPOTENCY_KEY_HEADER} header, not several`;

const PRINTABLE_ASCII = new RegExp(`^[\\x20-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`);

/**
 * The key of a request from the values of its Idempotency-Key header lines (`req.headersDistinct`),
 * taken verbatim: a client that quotes it as the IETF draft's sf-string always sends the same quotes.
 */
export function readIdempotencyKey(values: readonly string[]): { key: string } | { error: string } {
  if (values.length !== 1) return { error: SEVERAL_KEYS_MESSAGE };
  return PRINTABLE_ASCII.test(values[0]) ? { key: values[0] } : { error: INVALID_KEY_MESSAGE };
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** The fingerprint of a JSON (or bodiless) request: its query string and its parsed body. */
export function jsonFingerprint(query: string, body: unknown): string {
  return createHash('sha256').update(`json\n${query}\n${canonicalJson(body)}`).digest('hex');
}

const BOUNDARY_MARK = Buffer.from('\0boundary\0');

/**
 * The fingerprint of a multipart body, fed chunk by chunk as the bytes arrive. A browser picks a new
 * random boundary each time it serialises a form, so a retry of the same form differs only there:
 * every occurrence of the boundary is hashed as one fixed mark, even when it straddles two chunks.
 */
export class MultipartFingerprint {
  private readonly hash: Hash;
  private readonly boundary: Buffer | null;
  private pending = Buffer.alloc(0);

  constructor(query: string, contentType: string) {
    this.hash = createHash('sha256').update(`multipart\n${query}\n`);
    const match = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
    this.boundary = match ? Buffer.from(match[1] ?? match[2], 'latin1') : null;
  }

  update(chunk: Buffer): void {
    if (!this.boundary) {
      this.hash.update(chunk);
      return;
    }
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    let start = 0;
    for (let at = data.indexOf(this.boundary); at !== -1; at = data.indexOf(this.boundary, start)) {
      this.hash.update(data.subarray(start, at)).update(BOUNDARY_MARK);
      start = at + this.boundary.length;
    }
    // The last bytes may be the beginning of a boundary that the next chunk completes.
    const keep = Math.min(data.length - start, this.boundary.length - 1);
    this.hash.update(data.subarray(start, data.length - keep));
    this.pending = Buffer.from(data.subarray(data.length - keep));
  }

  digest(): string {
    return this.hash.update(this.pending).digest('hex');
  }
}
