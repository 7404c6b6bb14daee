import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

/**
 * React.lazy with a `preload()`, that renders the component itself once its code has arrived. A
 * screen preloaded before it is needed (Today, the landing: index.html's boot script, home-route.tsx) then
 * shows at once: through React.lazy it would still suspend first, and React keeps a Suspense
 * fallback on screen for at least 300 ms once it has shown it. Each mount keeps the form it started
 * with, so a screen is never remounted when its code arrives.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function preloadableLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  let loaded: C | undefined;
  let loading: Promise<{ default: C }> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function Preloadable(props: ComponentProps<C>) {
    const [Component] = useState<ComponentType<ComponentProps<C>>>(() => (loaded ?? Lazy) as ComponentType<ComponentProps<C>>);
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload });
}
