import type { WidgetProps } from '../widgetDescriptor';

/** The colours every chart widget draws with, from the board's theme (dark for control rooms, light for offices). */
export interface ChartPalette {
  mode: 'dark' | 'light';
  text: string;
  /** Axis labels, secondary figures. */
  subtleText: string;
  axisLine: string;
  splitLine: string;
  /** Series colours in order; the board's accent first. */
  series: string[];
  good: string;
  warning: string;
  alarm: string;
  /** Empty parts of a gauge, empty calendar days. */
  track: string;
  /** The tile's background (the board default), for gaps between slices and cells. */
  surface: string;
}

const DARK_SERIES = ['#36cfc9', '#ffc53d', '#9254de', '#ff7a45', '#73d13d', '#f759ab', '#40a9ff', '#bae637'];
const LIGHT_SERIES = ['#13a8a8', '#d48806', '#722ed1', '#d4380d', '#389e0d', '#c41d7f', '#096dd9', '#7cb305'];

/** The palette for a widget's theme; the accent leads the series colours and is not repeated. */
export function chartPalette(theme: WidgetProps['theme']): ChartPalette {
  const dark = theme.mode === 'dark';
  const accent = theme.accent.toLowerCase();
  const rest = (dark ? DARK_SERIES : LIGHT_SERIES).filter((colour) => colour !== accent);
  return {
    mode: theme.mode,
    text: dark ? '#e6edf5' : '#1f2a37',
    subtleText: dark ? '#8fa3b8' : '#5b6b7c',
    axisLine: dark ? '#3a4b60' : '#c3ccd6',
    splitLine: dark ? '#1e2c3d' : '#e8ecf0',
    series: [accent, ...rest],
    good: dark ? '#52c41a' : '#389e0d',
    warning: dark ? '#faad14' : '#d48806',
    alarm: dark ? '#ff4d4f' : '#cf1322',
    track: dark ? '#1a2636' : '#eef1f4',
    surface: dark ? '#07111f' : '#ffffff',
  };
}

/** The i-th series colour, wrapping round when there are more series than colours. */
export const seriesColour = (palette: ChartPalette, index: number): string => palette.series[index % palette.series.length]!;
