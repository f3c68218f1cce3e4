import type { RankingResult, RollupGrain } from '@shared/schemas/energy';
import { echarts, type ChartOption } from '../../../charts/echartsCore';
import { PRIMARY_COLOUR, SERIES_COLOURS, ZOOM, abbreviateNumber, formatQuantity, needsZoom, withThousands } from '../shared/chartTheme';
import { axisLabels } from '../shared/periods';

type RankingRow = RankingResult['rows'][number];

/** Departments ranked by energy, the largest on top. */
export function rankingBarOption(rows: readonly RankingRow[], unit: string): ChartOption {
  return {
    color: [PRIMARY_COLOUR],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value: unknown) => formatQuantity(Number(value), unit) },
    grid: { left: 12, right: 72, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', axisLabel: { formatter: (value: number) => abbreviateNumber(value) } },
    yAxis: { type: 'category', inverse: true, data: rows.map((row) => row.name), axisLabel: { width: 140, overflow: 'truncate' } },
    series: [
      {
        type: 'bar',
        data: rows.map((row) => row.energy),
        barMaxWidth: 22,
        label: { show: true, position: 'right', formatter: ({ value }: { value: number }) => abbreviateNumber(value) },
      },
    ],
  };
}

/** Sub-items' share of the energy as a ring, percentages in the labels. */
export function sharePieOption(rows: readonly RankingRow[], unit: string): ChartOption {
  return {
    color: SERIES_COLOURS,
    tooltip: {
      trigger: 'item',
      // The tooltip is HTML: a sub-item's name is user text, so it is escaped.
      formatter: ({ name, value, percent }: { name: string; value: number; percent: number }) =>
        `${echarts.format.encodeHTML(name)}<br/>${formatQuantity(value, unit)} (${percent}%)`,
    },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['38%', '66%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}: {d}%' },
        data: rows.map((row) => ({ name: row.name, value: row.energy })),
      },
    ],
  };
}

/** The site's (or one department's) energy per day or month. */
export function trendOption(periods: readonly string[], values: readonly number[], grain: RollupGrain, unit: string, name: string): ChartOption {
  const zoomable = needsZoom(periods.length);
  return {
    color: [PRIMARY_COLOUR],
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => formatQuantity(Number(value), unit) },
    grid: { left: 12, right: 24, top: 32, bottom: zoomable ? 44 : 12, containLabel: true },
    dataZoom: zoomable ? ZOOM : [],
    xAxis: { type: 'category', data: axisLabels(periods, grain) },
    yAxis: { type: 'value', name: unit, axisLabel: { formatter: (value: number) => abbreviateNumber(value) } },
    series: [{ type: 'bar', name, data: [...values], barMaxWidth: 28 }],
  };
}

export interface TrendFigures {
  total: number;
  /** Per period of the range (days or months). */
  average: number;
  peak: { period: string; energy: number } | null;
}

/** The figures above the trend: total, average per period and the peak period. */
export function trendFigures(periods: readonly string[], values: readonly number[]): TrendFigures {
  const total = Math.round(values.reduce((sum, value) => sum + value, 0) * 1e6) / 1e6;
  let peak: TrendFigures['peak'] = null;
  values.forEach((energy, i) => {
    if (energy > 0 && (!peak || energy > peak.energy)) peak = { period: periods[i]!, energy };
  });
  return { total, average: periods.length ? total / periods.length : 0, peak };
}

/** A share (0..1) as a percentage text with one decimal. */
export const percentText = (share: number): string => `${withThousands(share * 100, 1)}%`;
