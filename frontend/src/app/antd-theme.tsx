import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { theme } from './theme';

/**
 * antd with the app's theme, around every screen that uses antd: its code loads with the first such
 * screen. The landing and legal pages use none, so a first visit loads no antd (docs/performance.md).
 * As a layout route it wraps the child routes; elsewhere, its children.
 */
export default function AntdTheme({ children }: { children?: ReactNode }) {
  return <ConfigProvider theme={theme}>{children ?? <Outlet />}</ConfigProvider>;
}
