import type { ChartPalette } from './palette';

/**
 * Font sizes are design pixels; `scale` (screen pixels per design pixel) makes text as large on a 4K
 * wall as the designer saw it at 1080p. Rounded to a tenth of a pixel so option objects stay comparable.
 */
export const scaledFont = (designPx: number, scale: number): number => Math.round(designPx * scale * 10) / 10;

/** Design sizes every chart shares: axis labels, data labels, legends. */
export const CHART_FONT = { axis: 12, label: 12, legend: 12, figure: 40, unit: 16, caption: 12 } as const;

/** Axis styles for cartesian charts: labels in the subtle text colour, a faint split line. */
export function axisStyle(palette: ChartPalette, scale: number) {
  return {
    axisLabel: { color: palette.subtleText, fontSize: scaledFont(CHART_FONT.axis, scale) },
    axisLine: { lineStyle: { color: palette.axisLine, width: Math.max(1, Math.round(scale)) } },
    axisTick: { show: false },
    splitLine: { lineStyle: { color: palette.splitLine, width: Math.max(1, Math.round(scale)) } },
    nameTextStyle: { color: palette.subtleText, fontSize: scaledFont(CHART_FONT.axis, scale) },
  };
}

/** The default text of a chart (labels inherit it). */
export function chartTextStyle(palette: ChartPalette, scale: number) {
  return { color: palette.text, fontSize: scaledFont(CHART_FONT.label, scale) };
}
