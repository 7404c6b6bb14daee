import { lazy, type ComponentProps, type ComponentType, type JSX } from 'react';

/**
 * React.lazy for a screen or dialog that uses antd: loads it and antd's theme provider (antd-theme.tsx)
 * side by side, in one round trip, and renders it inside the provider. The landing and legal pages and
 * Today's first paint use plain `lazy` and load no antd; what Today opens on demand (dialogs, quick
 * add, the Care Updates card) loads this way, so it never shows antd's default theme
 * (docs/performance.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lazyWithAntd<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  return lazy<(props: ComponentProps<C>) => JSX.Element>(async () => {
    const [{ default: AntdTheme }, { default: Component }] = await Promise.all([import('./antd-theme'), load()]);
    return {
      default: function Themed(props: ComponentProps<C>) {
        return (
          <AntdTheme>
            <Component {...props} />
          </AntdTheme>
        );
      },
    };
  });
}
