import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import type { Pool } from 'pg';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Unwrapped keys kept in memory per process; the least recently used go first. */
export const KEY_CACHE_SIZE = 10_000;
/**
 * How long a process trusts a cached key before reading its row again: the bound on how long
 * another process (which did not destroy it) may still decrypt an erased subject from memory.
 */
export const KEY_CACHE_TTL_MS = 60_000;

/** AES-256-GCM: iv | tag | ciphertext, bound to `context` (additional authenticated data). */
export function seal(key: Buffer, plaintext: Buffer, context: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv).setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function open(key: Buffer, sealed: Buffer, context: string): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, sealed.subarray(0, IV_BYTES)).setAAD(Buffer.from(context));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** A subject's key, or 'destroyed' once the subject is erased. */
export type DataKey = Buffer | 'destroyed';

interface KeyRow {
  key: string | null;
  wrapped: boolean;
}

/**
 * One AES-256 data key per subject (a user, a care recipient) in `data_keys`. With DATA_KEY_SECRET
 * the stored keys are wrapped (AES-256-GCM) by a master key derived from it with scrypt; without it
 * they are stored as they are. Destroying a key erases the row's key for good: whatever was
 * encrypted with it reads as "Erased" from then on.
 */
export class DataKeys {
  private readonly masterKey: Buffer | null;
  private readonly cache = new Map<string, { key: DataKey; readAt: number }>();

  constructor(
    private readonly pool: Pool,
    secret: string | null,
  ) {
    this.masterKey = secret ? scryptSync(secret, 'carecircle-data-keys', 32) : null;
  }

  async init(): Promise<void> {
    await this.pool.query(`
      CREATE TABLE IF NOT EXISTS data_keys (
        subject_id uuid PRIMARY KEY,
        key text,
        wrapped boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        destroyed_at timestamptz
      )`);
  }

  /** The key of each subject, created for subjects that have none yet. */
  async keysFor(subjectIds: string[]): Promise<Map<string, DataKey>> {
    const keys = new Map<string, DataKey>();
    const missing: string[] = [];
    for (const id of new Set(subjectIds)) {
      const cached = this.cached(id);
      if (cached) keys.set(id, cached);
      else missing.push(id);
    }
    if (missing.length === 0) return keys;
    const fresh = missing.map(() => randomBytes(32));
    await this.pool.query(
      `INSERT INTO data_keys (subject_id, key, wrapped) SELECT * FROM unnest($1::uuid[], $2::text[], $3::boolean[]) ON CONFLICT DO NOTHING`,
      [missing, fresh.map((k) => this.wrap(k)), missing.map(() => this.masterKey !== null)],
    );
    for (const [id, key] of await this.read(missing)) keys.set(id, key);
    return keys;
  }

  /** The key of a subject for reading: null when it never had one (nothing of it was encrypted). */
  async keyOf(subjectId: string): Promise<DataKey | null> {
    return this.cached(subjectId) ?? (await this.read([subjectId])).get(subjectId) ?? null;
  }

  /** Destroys the subjects' keys (creating destroyed rows for subjects that had none). */
  async destroy(subjectIds: string[]): Promise<void> {
    if (subjectIds.length === 0) return;
    await this.pool.query(
      `INSERT INTO data_keys (subject_id, key, wrapped, destroyed_at) SELECT id, NULL, false, now() FROM unnest($1::uuid[]) AS id
       ON CONFLICT (subject_id) DO UPDATE SET key = NULL, wrapped = false, destroyed_at = coalesce(data_keys.destroyed_at, now())`,
      [subjectIds],
    );
    for (const id of subjectIds) this.remember(id, 'destroyed');
  }

  private async read(subjectIds: string[]): Promise<Map<string, DataKey>> {
    const { rows } = await this.pool.query<KeyRow & { subject_id: string }>(
      'SELECT subject_id, key, wrapped FROM data_keys WHERE subject_id = ANY($1::uuid[])',
      [subjectIds],
    );
    const keys = new Map<string, DataKey>();
    for (const row of rows) {
      const key = row.key === null ? 'destroyed' : this.unwrap(row, row.subject_id);
      keys.set(row.subject_id, key);
      this.remember(row.subject_id, key);
    }
    return keys;
  }

  private cached(subjectId: string): DataKey | undefined {
    const entry = this.cache.get(subjectId);
    if (!entry) return undefined;
    this.cache.delete(subjectId);
    if (entry.key !== 'destroyed' && Date.now() - entry.readAt > KEY_CACHE_TTL_MS) return undefined;
    this.cache.set(subjectId, entry);
    return entry.key;
  }

  private remember(subjectId: string, key: DataKey): void {
    this.cache.delete(subjectId);
    this.cache.set(subjectId, { key, readAt: Date.now() });
    if (this.cache.size > KEY_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
  }

  private wrap(key: Buffer): string {
    return (this.masterKey ? seal(this.masterKey, key, 'data-key') : key).toString('base64');
  }

  private unwrap(row: KeyRow, subjectId: string): Buffer {
    const stored = Buffer.from(row.key as string, 'base64');
    if (!row.wrapped) return stored;
    if (!this.masterKey) throw new Error(`The data key of ${subjectId} is wrapped: DATA_KEY_SECRET must be set to read it`);
    return open(this.masterKey, stored, 'data-key');
  }
}
