import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { hydrateFromServer } from './app/base-api';
import { releaseHeldTaps } from './app/held-taps';
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

/**
 * Gives the taps held before the app was in (app/held-taps.ts) once the page is hydrated: after
 * React's own work, so that React hydrates the part each lands on (Suspense boundaries hydrate
 * after the shell) before handling it.
 */
function ReleaseHeldTaps() {
  useEffect(() => void setTimeout(releaseHeldTaps), []);
  return null;
}

if (rendered) {
  const { renderedWith, api } = JSON.parse(rendered) as { renderedWith: RenderedWith; api: unknown };
  store.dispatch(hydrateFromServer({ api }));
  const hydrate = () => {
    setRenderedWith(renderedWith);
    hydrateRoot(
      root,
      <StrictMode>
        <App serverState={store.getState()} />
        <ReleaseHeldTaps />
      </StrictMode>,
    );
    // Who is signed in, asked again as every other load asks it: a session ended since shows, and the
    // service worker learns whose reads it keeps for offline use (public/sw.js). The recipients and
    // the day are asked again by their screens. Hydration goes on with the state it began with.
    void store.dispatch(identityApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
  };
  void loadHomeScreen().then(hydrate, hydrate);
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

registerServiceWorker();
