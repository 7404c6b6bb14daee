import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { theme } from './theme';

/** antd with the app's theme, around every screen that uses antd (lazy-with-antd.tsx). */
export default function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
