import type { ThemeConfig } from 'antd';

/** Spec §2: the default theme colour of the settings drawer. */
export const DEFAULT_THEME_COLOR = '#409EFF';

export const consoleTheme: ThemeConfig = { token: { colorPrimary: DEFAULT_THEME_COLOR } };
