import { lazy } from 'react';

/** The antd theme provider (antd-theme.tsx), loaded with the first screen that uses antd. */
export const AntdTheme = lazy(() => import('./antd-theme'));
