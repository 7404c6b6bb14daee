/**
 * Where to go after signing in: only a path of this site (one leading slash, not `//host` or
 * `/\\host`, which browsers treat as another origin), never the sign-in pages themselves.
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000 || !next.startsWith('/') || next.startsWith('//')) return null;
  if ([...next].some((c) => c < ' ' || c === '\\')) return null;
  if (next === '/login' || next.startsWith('/login/') || next.startsWith('/login?')) return null;
  return next;
}
