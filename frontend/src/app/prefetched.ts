/**
 * The reads index.html's boot script started for Today before the app's code arrived
 * (frontend/home-prefetch.js), by path and query. Each is taken once, and only in the page's first
 * seconds: a later read of the same URL asks the server.
 */
const FRESH_MS = 10_000;

interface Prefetched {
  at: number;
  reads: Record<string, Promise<Response | null> | undefined>;
}

declare global {
  interface Window {
    __ccPrefetched?: Prefetched;
  }
}

/** URLs the app has asked for: only its first read of a URL may take the boot script's answer. */
const asked = new Set<string>();

function takePrefetched(pathAndQuery: string): Promise<Response | null> | undefined {
  // A read the boot script started after the app had asked itself (the day's tasks, started once the
  // recipients answered) is older than what the app holds: a later refetch must not get it.
  const first = !asked.has(pathAndQuery);
  asked.add(pathAndQuery);
  const prefetched = window.__ccPrefetched;
  const read = prefetched?.reads[pathAndQuery];
  if (!prefetched || !read) return undefined;
  delete prefetched.reads[pathAndQuery];
  return first && Date.now() - prefetched.at < FRESH_MS ? read : undefined;
}

/**
 * `fetch` for the API: a GET the boot script already started is answered by it (or asked again if it
 * failed). Any other request (a change, signing in or out) drops the reads not yet taken: they may
 * no longer be true, or no longer be this person's.
 */
export function fetchPrefetchedFirst(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (input instanceof Request && input.method !== 'GET') delete window.__ccPrefetched;
  if (input instanceof Request && input.method === 'GET') {
    const url = new URL(input.url);
    const early = url.origin === window.location.origin ? takePrefetched(url.pathname + url.search) : undefined;
    if (early) return early.then((response) => response ?? fetch(input, init));
  }
  return fetch(input, init);
}
