import { scaleBand, scaleLinear } from 'd3-scale';
import { abbreviateNumber } from '@shared/format';
import type { ChartPalette } from '../../charts/palette';
import { CHART_FONT, scaledFont } from '../../charts/textStyles';
import { AXIS_LABEL_GAP, type AxisModel, type AxisName, type PlotArea } from '../../charts/svg/axisModel';
import { categoryLabelEvery, fitsSpacing, valueTicks } from '../../charts/svg/axisTicks';
import { barPath } from '../../charts/svg/barPath';
import { textWidth } from '../../charts/svg/textFit';
import { scaledUnit } from './periodLabels';
import type { PeriodSeries } from './periodWindow';

export interface PeriodsInput {
  series: PeriodSeries;
  /** Axis label of each drawn period, in the board's language. */
  labels: string[];
  /** Legend texts: the drawn periods ("Last 12 months") and, with the comparison, "Year before". */
  legend: { current: string; earlier: string };
  /** "Oct −4.2 % vs Oct 2025", and whether that is less energy (drawn in the good colour). */
  change?: { text: string; lower: boolean };
  palette: ChartPalette;
  width: number;
  height: number;
  scale: number;
}

export interface PeriodBar {
  period: string;
  energy: number;
  x: number;
  y: number;
  width: number;
  height: number;
  path: string;
}

export interface LegendEntry {
  /** The swatch square's top-left and size; the text starts after it, centred on the row. */
  x: number;
  y: number;
  size: number;
  text: string;
  textX: number;
  colour: string;
  opacity: number;
}

export interface PeriodsGeometry {
  plot: PlotArea;
  fontSize: number;
  legendFontSize: number;
  labelGap: number;
  valueAxis: AxisModel;
  categoryAxis: AxisModel;
  unit: AxisName;
  /** Vertical centre of the header row (legend, change figure). */
  headerY: number;
  legend: LegendEntry[];
  /** Right-aligned in the header (a second row when the legend leaves no room); left out on a tile too small. */
  change?: { text: string; x: number; y: number; colour: string };
  current: PeriodBar[];
  earlier: PeriodBar[];
  colour: string;
  /** The year before: the accent, faded (muted, still the same kind of thing). */
  earlierOpacity: number;
}

const r1 = (value: number) => Math.round(value * 10) / 10;
export const EARLIER_OPACITY = 0.35;

/**
 * Vertical bars per period, oldest left; with the comparison each period holds the year-earlier bar (muted, left)
 * beside this year's. The value axis starts at zero in kWh or MWh; the header row holds the unit, the legend and
 * the change figure. Period names are thinned so no two overlap.
 */
export function periodsGeometry({ series, labels, legend, change, palette, width, height, scale }: PeriodsInput): PeriodsGeometry {
  const gap = (px: number) => Math.round(px * scale);
  const fontSize = scaledFont(CHART_FONT.axis, scale);
  const legendFontSize = scaledFont(CHART_FONT.legend, scale);
  const labelGap = gap(AXIS_LABEL_GAP);
  const comparing = series.earlier !== undefined;
  const largest = Math.max(0, ...series.current, ...(series.earlier ?? []).map((value) => value ?? 0));
  const { unit, factor } = scaledUnit(series.unit, largest);
  const widest = (texts: readonly string[], size: number) => Math.max(0, ...texts.map((text) => textWidth(text, size)));

  // Header: unit, legend, change figure on one row, the figure on a second row when they do not fit side by side.
  const row = Math.ceil(legendFontSize * 1.5);
  const headerY = gap(8) + row / 2;
  const swatch = Math.round(legendFontSize * 0.9);
  const unitWidth = textWidth(unit, fontSize);
  const legendTexts = comparing ? [legend.current, legend.earlier] : [legend.current];
  const changeWidth = change ? textWidth(change.text, legendFontSize) : 0;
  const entries: LegendEntry[] = [];
  let x = gap(8) + unitWidth + gap(16);
  legendTexts.forEach((text, index) => {
    entries.push({
      x,
      y: r1(headerY - swatch / 2),
      size: swatch,
      text,
      textX: x + swatch + gap(6),
      colour: palette.series[0]!,
      opacity: index === 0 ? 1 : EARLIER_OPACITY,
    });
    x += swatch + gap(6) + textWidth(text, legendFontSize) + gap(16);
  });
  const legendEnd = x - gap(16);
  const figureX = width - gap(12);
  const oneRow = !change || legendEnd + gap(16) <= figureX - changeWidth;
  let headerBottom = gap(8) + row;
  let changeAt: PeriodsGeometry['change'];
  if (change && changeWidth <= width - 2 * gap(12)) {
    const y = oneRow ? headerY : headerY + row;
    // A second row only while the plot keeps room for three labelled lines.
    if (oneRow || height - (headerBottom + row) > fontSize * 8) {
      if (!oneRow) headerBottom += row;
      changeAt = { text: change.text, x: figureX, y: r1(y), colour: change.lower ? palette.good : palette.warning };
    }
  }

  const top = headerBottom + gap(8) + Math.ceil(fontSize / 2);
  const bottom = labelGap + Math.ceil(fontSize) + gap(8);
  const plotHeight = Math.max(1, height - top - bottom);
  const ticks = valueTicks([0, largest / factor], (value, extra) => abbreviateNumber(value, 1 + extra), fitsSpacing(plotHeight, fontSize * 2.4));
  const left =
    gap(8) +
    widest(
      ticks.ticks.map((tick) => tick.label),
      fontSize,
    ) +
    labelGap;
  const plotWidth = Math.max(1, width - left - gap(12));
  const plot: PlotArea = { left, top, width: plotWidth, height: plotHeight };
  const band = scaleBand<number>()
    .domain(series.periods.map((_, index) => index))
    .range([left, left + plotWidth])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const value = scaleLinear()
    .domain(ticks.domain)
    .range([top + plotHeight, top]);
  const radius = gap(3);
  // Side by side: two bars and a small gap share the band; alone a bar may take the band, up to 40 design px.
  const pairGap = comparing ? Math.max(1, Math.round(band.bandwidth() * 0.08)) : 0;
  const thickness = comparing ? Math.min((band.bandwidth() - pairGap) / 2, gap(28)) : Math.min(band.bandwidth(), gap(40));
  const centre = (index: number) => band(index)! + band.bandwidth() / 2;
  const barAt = (index: number, energy: number, x0: number): PeriodBar => {
    const y = value(energy / factor);
    const rect = { x: r1(x0), y: r1(y), width: r1(thickness), height: r1(top + plotHeight - y) };
    return { period: series.periods[index]!, energy, ...rect, path: barPath(rect.x, rect.y, rect.width, rect.height, radius, 'top') };
  };
  const current = series.current.map((energy, index) => barAt(index, energy, comparing ? centre(index) + pairGap / 2 : centre(index) - thickness / 2));
  const earlier = (series.earlier ?? []).flatMap((energy, index) => (energy === null ? [] : [barAt(index, energy, centre(index) - pairGap / 2 - thickness)]));

  const every = categoryLabelEvery(band.step(), widest(labels, fontSize) + gap(8));
  // Thinned from the right: the running period (and the months before it) keep their names.
  const last = labels.length - 1;
  const categoryLabels = labels.flatMap((text, index) => ((last - index) % every === 0 ? [{ at: r1(centre(index)), text }] : []));

  return {
    plot,
    fontSize,
    legendFontSize,
    labelGap,
    valueAxis: {
      labels: ticks.ticks.map((tick) => ({ at: r1(value(tick.value)), text: tick.label })),
      grid: ticks.ticks.map((tick) => r1(value(tick.value))),
      line: false,
    },
    categoryAxis: { labels: categoryLabels, grid: [], line: true },
    unit: { text: unit, x: gap(8), y: r1(headerY), anchor: 'start' },
    headerY: r1(headerY),
    legend: entries,
    ...(changeAt ? { change: changeAt } : {}),
    current,
    earlier,
    colour: palette.series[0]!,
    earlierOpacity: EARLIER_OPACITY,
  };
}
