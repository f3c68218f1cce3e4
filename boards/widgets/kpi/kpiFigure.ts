import { withThousands } from '@shared/format';

export type TrendDirection = 'up' | 'down' | 'flat';

export interface KpiTrend {
  direction: TrendDirection;
  /** The change as printed: absolute, with the figure's decimals and thousands separators. */
  change: string;
}

/**
 * The trend of the newest value against the value `trendMinutes` before it. Flat when the change rounds
 * to zero at the figure's decimals (a wall must not flicker between ▲ and ▼ on noise it does not show);
 * null when the history does not reach that far back yet.
 */
export function kpiTrend(newest: number, reference: number | undefined, digits: number): KpiTrend | null {
  if (reference === undefined) return null;
  const change = Number((newest - reference).toFixed(digits));
  const direction: TrendDirection = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  return { direction, change: withThousands(Math.abs(change), digits) };
}

/** The big figure as printed: fixed decimals (a figure that changes width every second is hard to read), thousands separators. */
export function kpiValueText(value: number, digits: number): string {
  if (!Number.isFinite(value)) return '–';
  const [whole = '0', fraction] = Math.abs(value).toFixed(digits).split('.');
  const sign = value < 0 && Number(value.toFixed(digits)) !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Font size of the big figure in screen pixels: the design size × scale, shrunk so the text fits the tile
 * (about 0.6 em per character, the unit at half size) and takes at most 45 % of its height.
 */
export function kpiFigureFontPx(text: string, unit: string, box: { width: number; height: number; scale: number }, designPx = 48): number {
  const ems = 0.6 * (text.length + (unit ? (unit.length + 1) * 0.5 : 0));
  const fitted = Math.min(designPx * box.scale, box.height * 0.45, (box.width * 0.9) / Math.max(ems, 1));
  return Math.max(8, Math.floor(fitted));
}

/**
 * The sparkline as SVG polyline points ("x,y x,y", 0.1 px) inside width × height, inset by half the stroke:
 * time runs left to right over [from, to], the lowest value at the bottom. A flat series lies mid-height.
 */
export function sparklinePoints(
  points: readonly (readonly [number, number])[],
  box: { width: number; height: number; stroke: number; from: number; to: number },
): string {
  if (points.length < 2) return '';
  const inset = box.stroke / 2;
  const spanX = Math.max(box.to - box.from, 1);
  let low = Infinity;
  let high = -Infinity;
  for (const [, value] of points) {
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  const usableW = box.width - 2 * inset;
  const usableH = box.height - 2 * inset;
  const round = (n: number) => Math.round(n * 10) / 10;
  return points
    .map(([ts, value]) => {
      const x = inset + (Math.min(Math.max(ts - box.from, 0), spanX) / spanX) * usableW;
      const y = high === low ? box.height / 2 : inset + ((high - value) / (high - low)) * usableH;
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}
