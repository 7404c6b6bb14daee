import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fetchPrefetchedFirst } from './prefetched';

const ORIGIN = 'http://carecircle.test';
const network = jest.fn<typeof fetch>();
const browser = globalThis as unknown as { window?: unknown; fetch: typeof fetch };
const realFetch = browser.fetch;

function bootStarted(reads: Record<string, Promise<Response | null>>, at = Date.now()) {
  browser.window = { location: { origin: ORIGIN }, __ccPrefetched: { at, reads } };
}

const get = (path: string) => fetchPrefetchedFirst(new Request(`${ORIGIN}${path}`));
const bodyOf = async (response: Promise<Response>) => (await response).text();

describe('the reads index.html started for Today (frontend/home-prefetch.js)', () => {
  beforeEach(() => {
    network.mockReset().mockImplementation(async () => new Response('from the network'));
    browser.fetch = network;
  });
  afterEach(() => {
    browser.fetch = realFetch;
    delete browser.window;
  });

  it('answers the first GET of the same path and query with the started read, once', async () => {
    bootStarted({ '/api/children': Promise.resolve(new Response('started early')) });
    expect(await bodyOf(get('/api/children'))).toBe('started early');
    expect(network).not.toHaveBeenCalled();
    expect(await bodyOf(get('/api/children'))).toBe('from the network');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('asks the network for another query or another origin', async () => {
    bootStarted({ '/api/tasks?childId=a&date=2026-11-25': Promise.resolve(new Response('started early')) });
    expect(await bodyOf(get('/api/tasks?childId=a&date=2026-11-26'))).toBe('from the network');
    expect(await bodyOf(fetchPrefetchedFirst(new Request('http://elsewhere.test/api/tasks?childId=a&date=2026-11-25')))).toBe('from the network');
    expect(await bodyOf(get('/api/tasks?childId=a&date=2026-11-25'))).toBe('started early');
  });

  // The app's reads are remembered for the page's life: each case below asks its own URL.
  it('drops the reads not yet taken at the first change (a sign-out, a sign-in, a tick)', async () => {
    bootStarted({ '/api/achievements': Promise.resolve(new Response('started early')) });
    await fetchPrefetchedFirst(new Request(`${ORIGIN}/api/auth/logout`, { method: 'POST' }));
    expect(await bodyOf(get('/api/achievements'))).toBe('from the network');
  });

  it('never answers a URL the app has already asked itself with a read started after (a later refetch gets the news)', async () => {
    bootStarted({});
    expect(await bodyOf(get('/api/tasks?childId=b&date=2026-11-25'))).toBe('from the network');
    window.__ccPrefetched!.reads['/api/tasks?childId=b&date=2026-11-25'] = Promise.resolve(new Response('started late'));
    expect(await bodyOf(get('/api/tasks?childId=b&date=2026-11-25'))).toBe('from the network');
  });

  it('asks again when the started read failed', async () => {
    bootStarted({ '/api/auth/user': Promise.resolve(null) });
    expect(await bodyOf(get('/api/auth/user'))).toBe('from the network');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('does not use a read started more than ten seconds before', async () => {
    bootStarted({ '/api/progress?childId=a&date=2026-11-25': Promise.resolve(new Response('started early')) }, Date.now() - 10_001);
    expect(await bodyOf(get('/api/progress?childId=a&date=2026-11-25'))).toBe('from the network');
  });

  it('asks the network when the page started nothing (signed out, or another path than /)', async () => {
    browser.window = { location: { origin: ORIGIN } };
    expect(await bodyOf(get('/api/notifications'))).toBe('from the network');
  });
});
