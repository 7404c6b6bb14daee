import { localDate } from '@carecircle/libs';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from '../app/app';
import { baseApi } from '../app/base-api';
import { loadHomeScreen } from '../app/pages/home-route';
import { createAppStore } from '../app/store';
import { schedulingApi } from '../features/scheduling/api';
import { identityApi } from '../features/identity/api';
import { setRenderedWith, type RenderedWith } from '../shared/server-render';

export interface HomeRequest extends RenderedWith {
  /** Asks the server's own API as the page's caregiver (backend server-rendered-home.ts: loopback, their cookie). */
  fetch: typeof fetch;
}

export interface RenderedHome {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** What the browser hydrates with (main.tsx): the reads and the time and layout rendered with. */
  state: { renderedWith: RenderedWith; api: unknown };
}

/**
 * Today for a signed-in caregiver, rendered to HTML with the reads its first screen shows (who is
 * signed in, the recipients, the day's tasks of the one shown), so a phone paints the day before the
 * app's code has arrived (docs/performance.md). The rest (progress, appointments, medications) shows
 * as it does while loading, and is read by the app once it runs. Undefined when the page cannot be
 * rendered as the browser would (no session, or no profile time zone to tell the day by): the server
 * then sends the plain page.
 */
export async function renderHome({ fetch, ...renderedWith }: HomeRequest): Promise<RenderedHome | undefined> {
  const store = createAppStore({ serverFetch: fetch });
  const user = (await store.dispatch(identityApi.endpoints.getCurrentUser.initiate())).data;
  if (!user?.timezone) return undefined;
  const recipients = (await store.dispatch(baseApi.endpoints.getChildren.initiate())).data;
  if (!recipients) return undefined;
  // Today shows the last recipient of the list first (use-selected-recipient.ts).
  const shown = recipients.at(-1);
  if (shown) {
    const day = await store.dispatch(schedulingApi.endpoints.getTasksForDay.initiate({ childId: shown.id, date: localDate(new Date(renderedWith.now), user.timezone) }));
    if (!day.data) return undefined;
  }
  await loadHomeScreen();
  setRenderedWith(renderedWith);
  try {
    // The tree main.tsx hydrates, StrictMode included.
    const html = renderToString(
      <StrictMode>
        <App store={store} serverState={store.getState()} Router={({ children }) => <StaticRouter location="/">{children}</StaticRouter>} />
      </StrictMode>,
    );
    return { html, state: { renderedWith, api: store.getState().api } };
  } finally {
    setRenderedWith(undefined);
  }
}
