// Loaded before every component test (vitest.config.ts): what jsdom lacks and antd reads.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearToasts } from '../shared/ui/toast';

// Unmount, then drop what antd left in <body> (portals) and the toasts still up: each test starts
// from an empty page, and queries do not walk an earlier test's leftovers.
afterEach(() => {
  cleanup();
  clearToasts();
  document.body.innerHTML = '';
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// The API's relative URLs ('/api/...'): Node's Request, which fetchBaseQuery builds, takes only
// absolute ones and only its own AbortSignal, not jsdom's. Once per worker: files share the global
// scope (vitest.config.ts, isolate: false) and this file runs before each of them.
const RELATIVE_REQUEST = Symbol.for('carecircle.relativeRequest');
if (!(RELATIVE_REQUEST in globalThis.Request)) {
  const NodeRequest = globalThis.Request;
  globalThis.Request = class extends NodeRequest {
    static readonly [RELATIVE_REQUEST] = true;
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init && { ...init, signal: undefined });
    }
  } as typeof Request;
}
