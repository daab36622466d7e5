import { theme, type ThemeConfig } from 'antd';

/**
 * antd's dark theme, with the button colours that fall short of WCAG AA contrast (4.5:1) in it
 * replaced: white on the primary hover blue (3.5:1 in antd) and the danger red as text on the dark
 * background (4.4:1). Danger buttons use a lighter red, with dark text when filled.
 */
export const adminTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  components: {
    Button: {
      colorPrimaryHover: '#1554ad',
      colorPrimaryActive: '#10438a',
      colorError: '#ff7875',
      colorErrorHover: '#ffa39e',
      colorErrorActive: '#ff4d4f',
      dangerColor: '#141414',
    },
  },
};
