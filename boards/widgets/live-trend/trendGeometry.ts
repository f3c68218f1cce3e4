import { scaleLinear } from 'd3-scale';
import { area, curveLinear, curveMonotoneX, line } from 'd3-shape';
import { abbreviateNumber } from '@shared/format';
import { seriesColour, type ChartPalette } from '../../charts/palette';
import { CHART_FONT, scaledFont } from '../../charts/textStyles';
import { AXIS_LABEL_GAP, type AxisModel, type AxisName, type PlotArea } from '../../charts/svg/axisModel';
import { fitsSpacing, timeTicks, valueTicks } from '../../charts/svg/axisTicks';
import { textWidth } from '../../charts/svg/textFit';
import { trendLegend, type LegendItem } from './trendLegend';

export interface TrendLine {
  /** Stable per meter: the React key of its path. */
  id: string;
  name: string;
  points: [number, number][];
}

export interface TrendInput {
  lines: TrendLine[];
  /** The right edge of the window: the newest reading of any line (not the clock: no timer needed). */
  end: number;
  windowMs: number;
  area: boolean;
  smooth: boolean;
  digits: number;
  unit: string;
  palette: ChartPalette;
  width: number;
  height: number;
  scale: number;
}

export interface TrendSeries {
  id: string;
  name: string;
  colour: string;
  /** The line's path ('' when the meter has no point in the window). */
  line: string;
  /** The filled area under the line down to the plot's bottom, when the area option is on. */
  area?: string;
  /** A meter with one point so far draws a dot instead of an invisible zero-length line. */
  dot?: { x: number; y: number; r: number };
}

export interface TrendGeometry {
  plot: PlotArea;
  fontSize: number;
  labelGap: number;
  strokeWidth: number;
  valueAxis: AxisModel;
  timeAxis: AxisModel;
  /** The unit above the value labels. */
  unit?: AxisName;
  /** Empty for a single meter: the tile's title names it. */
  legend: LegendItem[];
  legendFontSize: number;
  series: TrendSeries[];
  /** Opacity of the areas. */
  areaOpacity: number;
}

/** The newest of the lines' newest timestamps, or undefined when no line has a point yet. */
export function trendEnd(newest: readonly (number | undefined)[]): number | undefined {
  let end: number | undefined;
  for (const ts of newest) if (ts !== undefined && (end === undefined || ts > end)) end = ts;
  return end;
}

/**
 * The live trend in pixels: a time axis over [end − window, end] with HH:mm labels thinned to fit, a value
 * axis over the readings' nice extent (not from zero: a 400 kW load moving by 5 kW must show the movement),
 * one line per meter and a legend only for several.
 */
export function trendGeometry({ lines, end, windowMs, area: filled, smooth, digits, unit, palette, width, height, scale }: TrendInput): TrendGeometry {
  const gap = (px: number) => Math.round(px * scale);
  const fontSize = scaledFont(CHART_FONT.axis, scale);
  const legendFontSize = scaledFont(CHART_FONT.legend, scale);
  const labelGap = gap(AXIS_LABEL_GAP);
  const start = end - windowMs;

  const legend =
    lines.length > 1
      ? trendLegend({
          entries: lines.map((trend, index) => ({ name: trend.name, colour: seriesColour(palette, index) })),
          width,
          maxRows: Math.max(1, Math.floor((height * 0.3) / Math.round(legendFontSize * 1.5))),
          fontSize: legendFontSize,
          scale,
        })
      : { items: [], height: 0 };
  // Room above the plot for the unit (or half the top value label when there is no unit).
  const top = legend.height + (unit ? gap(8) + Math.ceil(fontSize * 1.5) : gap(8) + Math.ceil(fontSize / 2));
  const bottom = labelGap + Math.ceil(fontSize) + gap(8);
  const plotHeight = Math.max(1, height - top - bottom);

  let min = Infinity;
  let max = -Infinity;
  for (const trend of lines) for (const [, value] of trend.points) [min, max] = [Math.min(min, value), Math.max(max, value)];
  if (min > max) [min, max] = [0, 1];
  const values = valueTicks([min, max], (value, extra) => abbreviateNumber(value, digits + extra), fitsSpacing(plotHeight, fontSize * 2.4));
  const valueLabelWidth = Math.max(0, ...values.ticks.map((tick) => textWidth(tick.label, fontSize)));

  const timeLabelWidth = textWidth('00:00', fontSize);
  const left = gap(8) + valueLabelWidth + labelGap;
  const right = Math.max(gap(16), Math.ceil(timeLabelWidth / 2) + gap(4));
  const plot: PlotArea = { left, top, width: Math.max(1, width - left - right), height: plotHeight };

  const x = scaleLinear()
    .domain([start, end])
    .range([plot.left, plot.left + plot.width]);
  const y = scaleLinear()
    .domain(values.domain)
    .range([plot.top + plot.height, plot.top]);
  const px = (value: number) => Math.round(value * 10) / 10;
  const curve = smooth ? curveMonotoneX : curveLinear;
  const path = line<[number, number]>(
    (point) => x(point[0]),
    (point) => y(point[1]),
  )
    .curve(curve)
    .digits(1);
  const fill = area<[number, number]>(
    (point) => x(point[0]),
    plot.top + plot.height,
    (point) => y(point[1]),
  )
    .curve(curve)
    .digits(1);
  const strokeWidth = Math.max(1, 2 * scale);

  const series = lines.map((trend, index): TrendSeries => {
    const only = trend.points.length === 1 ? trend.points[0] : undefined;
    return {
      id: trend.id,
      name: trend.name,
      colour: seriesColour(palette, index),
      line: trend.points.length > 1 ? (path(trend.points) ?? '') : '',
      ...(filled && trend.points.length > 1 ? { area: fill(trend.points) ?? '' } : {}),
      ...(only ? { dot: { x: px(x(only[0])), y: px(y(only[1])), r: strokeWidth } } : {}),
    };
  });

  // A label at the very start would run under the lowest value label: keep time labels right of the value axis.
  const times = timeTicks(start, end, plot.width, timeLabelWidth + gap(16)).filter((tick) => x(tick.value) - timeLabelWidth / 2 >= plot.left - gap(2));
  return {
    plot,
    fontSize,
    labelGap,
    strokeWidth,
    valueAxis: {
      labels: values.ticks.map((tick) => ({ at: px(y(tick.value)), text: tick.label })),
      grid: values.ticks.map((tick) => px(y(tick.value))),
      line: false,
    },
    timeAxis: { labels: times.map((tick) => ({ at: px(x(tick.value)), text: tick.label })), grid: [], line: true },
    ...(unit ? { unit: { text: unit, x: gap(8), y: plot.top - Math.ceil(fontSize / 2) - gap(4), anchor: 'start' as const } } : {}),
    legend: legend.items,
    legendFontSize,
    series,
    areaOpacity: 0.18,
  };
}
