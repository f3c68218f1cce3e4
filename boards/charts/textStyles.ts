/**
 * Font sizes are design pixels; `scale` (screen pixels per design pixel) makes text as large on a 4K
 * wall as the designer saw it at 1080p. Rounded to a tenth of a pixel so option objects stay comparable.
 */
export const scaledFont = (designPx: number, scale: number): number => Math.round(designPx * scale * 10) / 10;

/** Design sizes every chart shares: axis labels, data labels, legends. */
export const CHART_FONT = { axis: 12, label: 12, legend: 12, figure: 40, unit: 16, caption: 12 } as const;
