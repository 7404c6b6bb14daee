import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { createAppStore } from '../app/store';
import { ToastHost } from '../shared/ui/toast-host';

/** A request the component sent, as the server would read it. */
export interface SentRequest {
  method: string;
  /** Path and query, e.g. '/api/children/c1/tasks'. */
  path: string;
  body: unknown;
}

/** The server's answer to one request: a status (200 unless said) and a JSON body. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/**
 * Renders `ui` as the app would (the store with the one API, a router, the toasts) against a fake
 * server: `answer` replies to each request, and the returned list records every request sent. `at` is
 * the router's address (path and query) when the component reads it.
 * antd's CSS-in-JS styles are kept out of jsdom's document (StyleProvider mock="server", as when
 * rendering on a server): Testing Library's role queries check visibility with getComputedStyle,
 * which in jsdom walks every injected rule, and the task form's tests took 46 s instead of 13 s.
 * Visibility set by inline styles and the `hidden` attribute still counts; antd's class-based
 * hiding does not: a test about something antd hides by class must not rely on role queries' visibility.
 */
export function renderWithApi(ui: ReactNode, answer: (request: SentRequest) => FakeAnswer | undefined = () => undefined, { at = '/' }: { at?: string } = {}) {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const entry: SentRequest = { method: request.method, path: url.pathname + url.search, body: text ? parseJson(text) : undefined };
    sent.push(entry);
    const reply = answer(entry) ?? {};
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const store = createAppStore();
  const view = render(
    <StyleProvider mock="server">
      <Provider store={store}>
        <MemoryRouter initialEntries={[at]}>
          {ui}
          <ToastHost />
        </MemoryRouter>
      </Provider>
    </StyleProvider>,
  );
  return { ...view, sent, store };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The requests that change something (not GET), the ones a test most often asks about. */
export const writes = (sent: SentRequest[]) => sent.filter((request) => request.method !== 'GET');
