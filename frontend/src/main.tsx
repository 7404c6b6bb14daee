import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { hydrateFromServer } from './app/base-api';
import { afterPageHydrated, pageHydrated, releaseHeldTaps } from './app/held-taps';
import { loadHomeScreen } from './app/pages/home-route';
import { registerServiceWorker } from './app/service-worker';
import { store } from './app/store';
import { identityApi } from './features/identity/api';
import { setRenderedWith, type RenderedWith } from './shared/server-render';
import './app/styles.css';

const root = document.getElementById('root')!;

// Today as the server rendered it (backend server-rendered-home.ts, src/server/render-home.tsx): the
// app takes over that HTML with the reads and the time and layout it was rendered with, once Today's
// code is in (had it failed to come, Today asks for it again as it hydrates, and shows an error if
// that fails too).
const rendered = document.getElementById('cc-server-render')?.textContent;

const PAGE_HYDRATED_AT_THE_LATEST_MS = 10_000;

if (rendered) {
  const { renderedWith, api } = JSON.parse(rendered) as { renderedWith: RenderedWith; api: unknown };
  store.dispatch(hydrateFromServer({ api }));
  const hydrate = () => {
    setRenderedWith(renderedWith);
    hydrateRoot(
      root,
      <StrictMode>
        <App serverState={store.getState()} />
      </StrictMode>,
    );
  };
  // Once the page itself is hydrated (root-layout.tsx; React hydrates it after the app's shell, in
  // slices that let the browser paint and take taps between them), the taps held before are given
  // (app/held-taps.ts), and who is signed in is asked again as every other load asks it: a session
  // ended since shows, and the service worker learns whose reads it keeps for offline use
  // (public/sw.js). Not before: a read started before hydration changes the store the page is
  // hydrated with, and React would then hydrate the whole page in one long task (issue 27). The
  // recipients and the day are asked again by their screens.
  afterPageHydrated(() =>
    setTimeout(() => {
      releaseHeldTaps();
      void store.dispatch(identityApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
    }),
  );
  // A page that never commits (its code failed, the error screen shows instead) must not hold taps
  // for ever: after this long they are given, and the user asked, anyway (once: pageHydrated runs once).
  setTimeout(pageHydrated, PAGE_HYDRATED_AT_THE_LATEST_MS);
  void loadHomeScreen().then(hydrate, hydrate);
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

registerServiceWorker();
