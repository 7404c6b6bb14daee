import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a screen that uses antd: loads the screen and antd's theme provider (antd-theme.tsx)
 * side by side, in one round trip, and renders the screen inside the provider. The landing and legal
 * pages use plain `lazy` and load no antd (docs/performance.md).
 */
export function lazyWithAntd(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ default: AntdTheme }, { default: Screen }] = await Promise.all([import('./antd-theme'), load()]);
    return {
      default: function ThemedScreen() {
        return (
          <AntdTheme>
            <Screen />
          </AntdTheme>
        );
      },
    };
  });
}
