import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { wrapTabInDialogs } from './dialog-tab-wrap';
import { theme, wave } from './theme';

// Every antd dialog keeps Tab inside it (dialog-tab-wrap.ts); antd loads with this provider.
wrapTabInDialogs();

/** antd with the app's theme, around every screen that uses antd (lazy-with-antd.tsx). */
export default function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme} wave={wave}>{children}</ConfigProvider>;
}
