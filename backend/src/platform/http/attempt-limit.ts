import type Redis from 'ioredis';

/**
 * KEYS: counter. ARGV: limit, window seconds. Counts first and decides in the same atomic step (Redis
 * runs a script atomically), so parallel attempts cannot all read the same old count. Answers 0 (go
 * ahead) or the seconds until the window ends.
 */
const ATTEMPT_IN_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if count > tonumber(ARGV[1]) then return math.max(1, math.ceil(redis.call('PTTL', KEYS[1]) / 1000)) end
return 0`;

/**
 * Counts one attempt under `key` in a fixed window of `windowSeconds` (the window starts with the
 * first attempt); answers 0 while at most `limit` attempts were made, else the seconds to wait.
 * Keys should hold no personal data (hash emails and addresses).
 */
export async function countAttempt(redis: Redis, key: string, limit: number, windowSeconds: number): Promise<number> {
  return Number(await redis.eval(ATTEMPT_IN_WINDOW, 1, key, limit, windowSeconds));
}
