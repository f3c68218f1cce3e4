import { useMemo } from 'react';
import type { WidgetProps } from '../widgetDescriptor';
import { chartPalette, type ChartPalette } from './palette';

/** The palette, recomputed only when the theme's mode or accent changes (not on every new theme object). */
export function usePalette(theme: WidgetProps['theme']): ChartPalette {
  return useMemo(() => chartPalette(theme), [theme.mode, theme.accent]); // eslint-disable-line react-hooks/exhaustive-deps -- a new theme object with the same mode and accent is the same palette
}
