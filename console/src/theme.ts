import type { ConfigProviderProps, ThemeConfig } from 'antd';
import type { Size } from '@shared/stores/appStore';

export { DEFAULT_THEME_COLOR } from '@shared/stores/settingsStore';

/** The whole antd theme follows the settings drawer's colour, at runtime, with no stylesheet to fetch. */
export const consoleTheme = (colorPrimary: string): ThemeConfig => ({ token: { colorPrimary } });

/** Spec §2 size names → antd component sizes. */
export const ANTD_SIZES: Record<Size, NonNullable<ConfigProviderProps['componentSize']>> = { large: 'large', medium: 'middle', small: 'small' };
