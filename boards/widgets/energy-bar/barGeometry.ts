import { scaleBand, scaleLinear } from 'd3-scale';
import { abbreviateNumber, withThousands } from '@shared/format';
import type { ChartPalette } from '../../charts/palette';
import { CHART_FONT, scaledFont } from '../../charts/textStyles';
import type { EnergyRows } from '../../charts/energyRows';
import { AXIS_LABEL_GAP, type AxisModel, type AxisName, type PlotArea } from '../../charts/svg/axisModel';
import { categoryLabelEvery, fitsSpacing, valueTicks, type ValueTicks } from '../../charts/svg/axisTicks';
import { barPath } from '../../charts/svg/barPath';
import { ellipsize, textWidth } from '../../charts/svg/textFit';
import type { EnergyBarOptions } from './options';

export interface BarInput {
  data: EnergyRows;
  options: Pick<EnergyBarOptions, 'orientation' | 'digits' | 'showValues'>;
  palette: ChartPalette;
  width: number;
  height: number;
  scale: number;
}

export interface Bar {
  scopeId: number;
  name: string;
  energy: number;
  /** The bar's rectangle and its outline with the far end rounded. */
  x: number;
  y: number;
  width: number;
  height: number;
  path: string;
}

/** A figure beside (horizontal) or above (vertical) its bar; the text is centred on `y` for horizontal bars. */
export interface BarValue {
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

export interface BarGeometry {
  horizontal: boolean;
  plot: PlotArea;
  fontSize: number;
  labelFontSize: number;
  labelGap: number;
  valueAxis: AxisModel;
  categoryAxis: AxisModel;
  unit?: AxisName;
  /** The widest a category name may be drawn (longer names end in an ellipsis). */
  categoryLabelWidth: number;
  bars: Bar[];
  values: BarValue[];
  colour: string;
  valueColour: string;
}

const r1 = (value: number) => Math.round(value * 10) / 10;

/**
 * One bar per row in the payload's order (a ranking comes sorted): horizontal bars list the first row at the top
 * with names on the left, vertical ones stand left to right. The value axis starts at zero (bars compare lengths);
 * names, figures and ticks are thinned and shortened so no two labels overlap at any tile size.
 */
export function barGeometry({ data, options, palette, width, height, scale }: BarInput): BarGeometry {
  const horizontal = options.orientation === 'horizontal';
  const gap = (px: number) => Math.round(px * scale);
  const fontSize = scaledFont(CHART_FONT.axis, scale);
  const labelFontSize = scaledFont(CHART_FONT.label, scale);
  const labelGap = gap(AXIS_LABEL_GAP);
  const rows = data.rows;
  const energies = rows.map((row) => row.energy);
  const extent: [number, number] = [Math.min(0, ...energies), Math.max(0, ...energies)];
  const tickText = (value: number, extra: number) => abbreviateNumber(value, 1 + extra);
  const valueTexts = rows.map((row) => withThousands(row.energy, options.digits));
  const widest = (texts: readonly string[], size: number) => Math.max(0, ...texts.map((text) => textWidth(text, size)));
  const barMax = gap(40);
  const radius = gap(3);
  const top = gap(8) + Math.ceil(fontSize * 1.5);
  const bottom = labelGap + Math.ceil(fontSize) + gap(8);
  const plotHeight = Math.max(1, height - top - bottom);
  const band = scaleBand<number>()
    .domain(rows.map((_, index) => index))
    .paddingInner(0.3)
    .paddingOuter(0.15);

  if (horizontal) {
    band.range([top, top + plotHeight]);
    const every = categoryLabelEvery(band.step(), Math.ceil(Math.max(fontSize, labelFontSize) * 1.3));
    const shown = (index: number) => index % every === 0;
    const categoryLabelWidth = Math.round(width * 0.3);
    const names = rows.map((row) => ellipsize(row.name, categoryLabelWidth, fontSize));
    const left =
      gap(8) +
      widest(
        names.filter((_, index) => shown(index)),
        fontSize,
      ) +
      labelGap;
    const valueRoom = options.showValues
      ? gap(4) +
        widest(
          valueTexts.filter((_, index) => shown(index)),
          labelFontSize,
        ) +
        gap(8)
      : gap(16);
    // The last tick label is centred on the plot's right edge: keep half of it inside the tile.
    const ticksFor = (plotWidth: number) => valueTicks(extent, tickText, (labels) => fitsSpacing(plotWidth, widest(labels, fontSize) + gap(20))(labels));
    const rightFor = (ticks: ValueTicks) =>
      Math.max(
        valueRoom,
        Math.ceil(
          widest(
            ticks.ticks.slice(-1).map((tick) => tick.label),
            fontSize,
          ) / 2,
        ) + gap(4),
      );
    let ticks = ticksFor(width - left - valueRoom);
    let plotWidth = Math.max(1, width - left - rightFor(ticks));
    ticks = ticksFor(plotWidth);
    plotWidth = Math.max(1, width - left - rightFor(ticks));
    const plot: PlotArea = { left, top, width: plotWidth, height: plotHeight };
    const value = scaleLinear()
      .domain(ticks.domain)
      .range([left, left + plotWidth]);
    const thickness = Math.min(band.bandwidth(), barMax);
    const bars = rows.map((row, index): Bar => {
      const [from, to] = [value(0), value(row.energy)];
      const rect = {
        x: r1(Math.min(from, to)),
        y: r1(band(index)! + (band.bandwidth() - thickness) / 2),
        width: r1(Math.abs(to - from)),
        height: r1(thickness),
      };
      return {
        scopeId: row.scopeId,
        name: row.name,
        energy: row.energy,
        ...rect,
        path: barPath(rect.x, rect.y, rect.width, rect.height, radius, row.energy < 0 ? 'left' : 'right'),
      };
    });
    const centre = (index: number) => r1(band(index)! + band.bandwidth() / 2);
    return {
      horizontal,
      plot,
      fontSize,
      labelFontSize,
      labelGap,
      valueAxis: {
        labels: ticks.ticks.map((tick) => ({ at: r1(value(tick.value)), text: tick.label })),
        grid: ticks.ticks.map((tick) => r1(value(tick.value))),
        line: false,
      },
      categoryAxis: { labels: rows.flatMap((_, index) => (shown(index) ? [{ at: centre(index), text: names[index]! }] : [])), grid: [], line: true },
      ...(data.unit ? { unit: { text: data.unit, x: left + plotWidth, y: top - Math.ceil(fontSize / 2) - gap(4), anchor: 'end' as const } } : {}),
      categoryLabelWidth,
      bars,
      values: options.showValues
        ? bars.flatMap((bar, index) =>
            shown(index)
              ? [
                  bar.energy < 0
                    ? { text: valueTexts[index]!, x: r1(bar.x - gap(4)), y: centre(index), anchor: 'end' as const }
                    : { text: valueTexts[index]!, x: r1(bar.x + bar.width + gap(4)), y: centre(index), anchor: 'start' as const },
                ]
              : [],
          )
        : [],
      colour: palette.series[0]!,
      valueColour: palette.text,
    };
  }

  const ticks = valueTicks(extent, tickText, fitsSpacing(plotHeight, fontSize * 2.4));
  const unitWidth = data.unit ? textWidth(data.unit, fontSize) : 0;
  // The unit sits above the value labels: the column is as wide as either, so it never reaches the first bar's figure.
  const left =
    gap(8) +
    Math.max(
      widest(
        ticks.ticks.map((tick) => tick.label),
        fontSize,
      ),
      unitWidth,
    ) +
    labelGap;
  const plotWidth = Math.max(1, width - left - gap(12));
  const plot: PlotArea = { left, top, width: plotWidth, height: plotHeight };
  band.range([left, left + plotWidth]);
  const value = scaleLinear()
    .domain(ticks.domain)
    .range([top + plotHeight, top]);
  const step = band.step();
  const centre = (index: number) => r1(band(index)! + band.bandwidth() / 2);
  // Names need room for a few letters before they are worth drawing: else only every 2nd, 3rd… is named.
  const every = categoryLabelEvery(
    step,
    Math.min(
      widest(
        rows.map((row) => row.name),
        fontSize,
      ),
      fontSize * 4,
    ) + gap(8),
  );
  const categoryLabelWidth = Math.max(0, Math.floor(every * step - gap(8)));
  const categoryLabels = rows.flatMap((row, index) => {
    if (index % every !== 0) return [];
    // A name shared out over several bars must still stay inside the tile.
    const room = Math.min(categoryLabelWidth, 2 * Math.min(centre(index), width - centre(index)) - gap(4));
    const text = ellipsize(row.name, room, fontSize);
    return text ? [{ at: centre(index), text }] : [];
  });
  const valueEvery = categoryLabelEvery(step, widest(valueTexts, labelFontSize) + gap(4));
  const thickness = Math.min(band.bandwidth(), barMax);
  const bars = rows.map((row, index): Bar => {
    const [from, to] = [value(0), value(row.energy)];
    const rect = { x: r1(band(index)! + (band.bandwidth() - thickness) / 2), y: r1(Math.min(from, to)), width: r1(thickness), height: r1(Math.abs(to - from)) };
    return {
      scopeId: row.scopeId,
      name: row.name,
      energy: row.energy,
      ...rect,
      path: barPath(rect.x, rect.y, rect.width, rect.height, radius, row.energy < 0 ? 'bottom' : 'top'),
    };
  });
  return {
    horizontal,
    plot,
    fontSize,
    labelFontSize,
    labelGap,
    valueAxis: {
      labels: ticks.ticks.map((tick) => ({ at: r1(value(tick.value)), text: tick.label })),
      grid: ticks.ticks.map((tick) => r1(value(tick.value))),
      line: false,
    },
    categoryAxis: { labels: categoryLabels, grid: [], line: true },
    ...(data.unit ? { unit: { text: data.unit, x: gap(8), y: top - Math.ceil(fontSize / 2) - gap(4), anchor: 'start' as const } } : {}),
    categoryLabelWidth,
    bars,
    values: options.showValues
      ? bars.flatMap((bar, index) =>
          index % valueEvery === 0 && bar.energy >= 0 ? [{ text: valueTexts[index]!, x: centre(index), y: r1(bar.y - gap(4)), anchor: 'middle' as const }] : [],
        )
      : [],
    colour: palette.series[0]!,
    valueColour: palette.text,
  };
}
