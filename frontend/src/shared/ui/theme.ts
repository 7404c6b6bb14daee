import type { ThemeConfig } from 'antd';

/** Honour the system "reduce motion" setting: antd's open/close animations are switched off. */
const prefersReducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Calm teal, large touch targets and readable type for tired eyes on small screens. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f6f78',
    colorLink: '#1f6f78',
    // antd's default red (#ff4d4f) is below AA contrast on white; this one reads.
    colorError: '#cf1322',
    // Hints under fields and secondary text: antd's 45% black is below AA contrast; these read.
    colorTextDescription: '#595959',
    colorTextTertiary: '#595959',
    borderRadius: 10,
    fontSize: 16,
    controlHeight: 40,
    controlHeightLG: 48,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    motion: !prefersReducedMotion,
  },
};
