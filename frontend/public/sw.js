/*
 * CareCircle's service worker, served at /sw.js (docs/notifications.md, "Offline and install").
 * - The app shell (index.html and every file of the build) is precached at install, in a cache named
 *   by the build's version; activating a new version deletes the old caches.
 * - Page loads: network first, the cached shell when there is no network.
 * - Hashed build files (/assets/*): cache first (their names change with their content).
 * - The API reads Today needs: network first, their last answer when there is no network. That cache
 *   belongs to one user: it is emptied when someone signs in, out, or another user's answer arrives.
 * - Never cached: anything but GET, the live updates stream (/api/live), uploads, other API reads.
 */
'use strict';

// The build writes the list of the shell's files and its version here (frontend/vite.config.ts,
// precacheManifest). Unbuilt (the Vite dev server), the worker precaches nothing.
const PRECACHE = /* precache:begin */ { version: 'dev', files: [] } /* precache:end */;

const SHELL_CACHE = `carecircle-shell-${PRECACHE.version}`;
const API_CACHE = 'carecircle-api-v1';
const CACHE_PREFIX = 'carecircle-';
const SHELL_URL = '/index.html';
/** Where the API cache notes whose answers it holds (the id of GET /api/auth/user). */
const API_OWNER_URL = '/__carecircle/api-cache-owner';
/** Files fetched at once while precaching (a browser opens about six connections per server). */
const PRECACHE_CONNECTIONS = 2;
/** A page load waits this long for the network before the cached shell is shown (a weak signal). */
const NAVIGATION_TIMEOUT_MS = 5000;

/** The API reads of the signed-in shell and Today (paths; any query string). */
const CACHED_API_READS = [
  /^\/api\/auth\/user$/,
  /^\/api\/children$/,
  /^\/api\/children\/[^/]+\/medications$/,
  /^\/api\/children\/[^/]+\/tasks$/,
  /^\/api\/children\/[^/]+\/updates$/,
  /^\/api\/tasks$/,
  /^\/api\/tasks\/[^/]+\/history$/,
  /^\/api\/progress$/,
  /^\/api\/achievements$/,
  /^\/api\/notifications$/,
];

/** Requests that sign someone in or out, or erase the account: the API cache is emptied as they go. */
function changesWhoIsSignedIn(request, path) {
  if (path === '/api/logout') return true;
  if (request.method === 'GET') return false;
  return /^\/api\/auth\/(login|register|logout)$/.test(path) || (request.method === 'DELETE' && path === '/api/user');
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(deleteOldCaches().then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    if (changesWhoIsSignedIn(request, url.pathname)) event.waitUntil(clearApiCache());
    else if (request.method === 'GET' && CACHED_API_READS.some((path) => path.test(url.pathname))) event.respondWith(networkFirstApi(event));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') event.respondWith(networkFirstPage(request));
  else if (url.pathname.startsWith('/assets/') || PRECACHE.files.includes(url.pathname)) event.respondWith(cacheFirst(request));
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'clear-api-cache') event.waitUntil(clearApiCache());
});

// ---------------------------------------------------------------------------------------------------

/**
 * Fetches every file of this version into its cache, a few at a time so the page's own requests
 * (Today's API reads on a first visit) still find a free connection. A hashed file an older version
 * already holds is copied from there instead of downloaded again; index.html and the unhashed files
 * are always fetched fresh (past the HTTP cache).
 */
async function precache() {
  const cache = await caches.open(SHELL_CACHE);
  const waiting = [...PRECACHE.files];
  const fetchNext = async () => {
    for (let path = waiting.shift(); path !== undefined; path = waiting.shift()) {
      const hashed = path.startsWith('/assets/');
      const held = hashed ? await caches.match(path) : undefined;
      const response = held ?? (await fetch(path, { cache: hashed ? 'default' : 'no-cache' }));
      if (!response.ok) throw new Error(`Precaching ${path} failed: ${response.status}`);
      await cache.put(path, response);
    }
  };
  await Promise.all(Array.from({ length: PRECACHE_CONNECTIONS }, fetchNext));
}

async function deleteOldCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE && name !== API_CACHE).map((name) => caches.delete(name)));
}

/** The page from the network; the cached shell when the network fails or is too slow (the app routes itself). */
async function networkFirstPage(request) {
  const network = fetch(request);
  const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
  if (!shell) return network;
  const timeout = new Promise((resolve) => setTimeout(() => resolve(shell), NAVIGATION_TIMEOUT_MS));
  return Promise.race([network.catch(() => shell), timeout]);
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    await caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/**
 * An API read from the network, kept for when there is none. A 401 means the session is gone: the
 * cache is emptied. Without a network, the last answer to the same URL (same user) is given.
 */
async function networkFirstApi(event) {
  const { request } = event;
  const answer = fetch(request);
  const kept = answer.then((response) => {
    if (response.status === 401) return clearApiCache();
    if (response.ok) return keepApiAnswer(request, response.clone());
  });
  if (new URL(request.url).pathname === '/api/auth/user') userAnswerKept = kept.catch(() => undefined);
  event.waitUntil(kept.catch(() => undefined));
  try {
    return await answer;
  } catch (error) {
    const cached = await caches.open(API_CACHE).then((cache) => cache.match(request, { ignoreVary: true }));
    if (cached) return cached;
    throw error;
  }
}

// The API cache's changes run one after another, so "empty it" never interleaves with "keep this".
let apiCacheWork = Promise.resolve();
function inOrder(work) {
  apiCacheWork = apiCacheWork.then(work, work);
  return apiCacheWork;
}

function clearApiCache() {
  return inOrder(() => {
    waitingForOwner = [];
    return caches.delete(API_CACHE);
  });
}

/**
 * GET /api/auth/user under way, kept once it is: the page asks for the user and Today's reads at once
 * (index.html's boot script), and a read answered first waits for it, since only it names the cache's
 * owner.
 */
let userAnswerKept = Promise.resolve();

/**
 * Answers that came while no GET /api/auth/user had named the cache's owner (a first visit under the
 * worker: the boot script reads the day before the app asks for the user). Kept once it names them;
 * dropped when the cache is emptied (sign-in, sign-out, a 401).
 */
let waitingForOwner = [];

/** Keeps an answer; GET /api/auth/user names its owner, and a new owner empties the cache first. */
async function keepApiAnswer(request, response) {
  if (new URL(request.url).pathname !== '/api/auth/user') await userAnswerKept;
  return inOrder(async () => {
    const cache = await caches.open(API_CACHE);
    if (new URL(request.url).pathname === '/api/auth/user') {
      const user = await response.clone().json().catch(() => null);
      const owner = await cache.match(API_OWNER_URL).then((held) => (held ? held.text() : null));
      if (!user || typeof user.id !== 'string') return;
      if (owner !== user.id) {
        await caches.delete(API_CACHE);
        const fresh = await caches.open(API_CACHE);
        await fresh.put(API_OWNER_URL, new Response(user.id));
        await fresh.put(request, response);
        for (const [waiting, answer] of waitingForOwner.splice(0)) await fresh.put(waiting, answer);
        return;
      }
    } else if (!(await cache.match(API_OWNER_URL))) {
      // Nobody known to own the cache yet: kept once GET /api/auth/user names them.
      waitingForOwner.push([request, response]);
      return;
    }
    await cache.put(request, response);
  });
}

// --- Push: begin ---
// Web push (docs/notifications.md, Push). The server sends a PushMessage as JSON:
// {title, body, url, tag?, image?}; url and image are same-origin paths. A click focuses an open
// window of the app and takes it to the url, or opens one. Nothing but same-origin paths is opened.
(() => {
  const ICON = '/notification-icon.png';

  /** A same-origin URL for a path the message names; the app's start for anything else. */
  const sameOrigin = (path) => {
    try {
      const url = new URL(typeof path === 'string' ? path : '/', self.location.origin);
      return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
    } catch {
      return new URL('/', self.location.origin).href;
    }
  };

  self.addEventListener('push', (event) => {
    let message = {};
    try {
      message = event.data ? event.data.json() : {};
    } catch {
      message = { body: event.data ? event.data.text() : '' };
    }
    const options = {
      body: typeof message.body === 'string' ? message.body : '',
      icon: ICON,
      badge: ICON,
      data: { url: sameOrigin(message.url) },
    };
    if (typeof message.tag === 'string' && message.tag) options.tag = message.tag;
    if (typeof message.image === 'string' && message.image) options.image = sameOrigin(message.image);
    event.waitUntil(self.registration.showNotification(typeof message.title === 'string' && message.title ? message.title : 'CareCircle', options));
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = sameOrigin(event.notification.data && event.notification.data.url);
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
        if (open) {
          await open.focus().catch(() => undefined);
          if (open.url !== target) await open.navigate(target).catch(() => self.clients.openWindow(target));
          return;
        }
        await self.clients.openWindow(target);
      })(),
    );
  });
})();
// --- Push: end ---
