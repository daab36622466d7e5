import { theme, type ThemeConfig } from 'antd';
import { tokens } from '../design/tokens.js';

const { color, font } = tokens;
const px = (value: string) => Number.parseInt(value, 10);

/**
 * antd's dark algorithm fed with the holder pages' design tokens, so the browser panel and the desktop
 * app look like the same product. Hover and active colours are named rather than derived: antd's
 * derived ones (lighter in the dark algorithm) would drop white button labels under WCAG AA (4.5:1).
 * Danger buttons use the light red with dark text when filled. Secondary text uses the muted token.
 */
export const adminTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: color.accent,
    colorInfo: color.accent,
    colorSuccess: color.success,
    colorWarning: color.warning,
    colorError: color.danger,
    // The dark algorithm derives a darker red from colorError for error text (#dc525f: 4.4:1 on the panel).
    colorErrorText: color.danger,
    colorLink: color.highlight,
    colorLinkHover: color.success,
    colorTextBase: color.text,
    // antd derives these from colorTextBase by transparency, which falls under 4.5:1 on our panels
    // (secondary text, form help, empty tables); they take the muted token, which passes.
    colorTextSecondary: color.muted,
    colorTextTertiary: color.muted,
    colorTextQuaternary: color.muted,
    colorTextDescription: color.muted,
    colorTextPlaceholder: color.muted,
    colorBgBase: color.bg,
    colorBgLayout: color.bg,
    colorBgContainer: color.panel,
    colorBgElevated: color.panelRaised,
    borderRadius: px(tokens.radius.sm),
    borderRadiusLG: px(tokens.radius.md),
    fontFamily: font.family,
    fontFamilyCode: font.mono,
  },
  components: {
    Button: {
      colorPrimaryHover: color.accentHover,
      colorPrimaryActive: color.accentHover,
      colorError: color.danger,
      colorErrorHover: color.danger,
      colorErrorActive: color.danger,
      dangerColor: color.onDanger,
    },
    // A switch that is off: the track antd takes from the muted text colour left its white "Off" at
    // 2.45:1; this slate keeps it at 5.3:1 (5.8:1 hovered) and the track at 3.2:1 against the panel.
    Switch: { colorTextQuaternary: '#606a90', colorTextTertiary: '#5a6488' },
    // An error tag (a payout that failed or needs review) in the same red as error text, not the derived one.
    Tag: { colorError: color.danger },
    Tabs: { itemSelectedColor: color.accentText, itemHoverColor: color.accentText, inkBarColor: color.accentText },
    Pagination: { itemActiveColor: color.accentText, itemActiveColorHover: color.accentText },
  },
};
