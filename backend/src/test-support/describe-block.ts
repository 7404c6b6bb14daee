/**
 * For a describe block: `make` runs before its tests and `end` after them. The answer reads what was
 * made: call it inside hooks or tests (before beforeAll there is nothing yet, and it throws saying so).
 */
export function madeBeforeAll<T>(what: string, make: () => Promise<T>, end: (made: T) => Promise<void>, hookTimeout?: number): () => T {
  let made: { value: T } | undefined;
  beforeAll(async () => {
    made = { value: await make() };
  }, hookTimeout);
  afterAll(() => (made ? end(made.value) : undefined));
  return () => {
    if (!made) throw new Error(`${what} is made in beforeAll: use it inside a hook or a test.`);
    return made.value;
  };
}
