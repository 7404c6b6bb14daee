import type { ThemeConfig } from 'antd';

/** Honour the system "reduce motion" setting: antd's open/close animations and its click wave are switched off. */
const prefersReducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Calm teal, large touch targets and readable type for tired eyes on small screens. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f6f78',
    colorLink: '#1f6f78',
    // antd's default red (#ff4d4f) is below AA contrast on white; this one reads.
    colorError: '#cf1322',
    // The same for green: antd's #52c41a on its pale green (a Completed tag) is about 2:1; #237804 is
    // 5.5:1 on antd's own pale green, kept here (derived from this darker seed it would turn grey).
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    // And for amber (a Paused tag): antd's gold text on its pale yellow is 2.8:1; #874d00 is 6.5:1.
    colorWarning: '#874d00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    // antd draws its focus ring (buttons, tabs, switches, checkboxes, close buttons) in this colour:
    // the app's one ring (styles.css, --cc-focus-ring), 8:1 on white where antd's light teal was 2.9:1.
    colorPrimaryBorder: '#17545b',
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

/** antd's wave (the ripple after a click, two seconds of fading): off with reduced motion (ConfigProvider's `wave`). */
export const wave = { disabled: prefersReducedMotion };
