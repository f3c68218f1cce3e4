import type { ChartOption } from '../../../charts/echartsCore';
import type { RollupResult } from '@shared/schemas/energy';
import { SERIES_COLOURS, ZOOM, abbreviateNumber, formatQuantity, needsZoom } from '../shared/chartTheme';
import { axisLabels } from '../shared/periods';
import { seriesValues } from '../shared/sumSeries';

/** Grouped bars per period, one colour per item; hours as lines (24 × n bars would be unreadable). */
export function rollupChartOption(result: RollupResult): ChartOption {
  const asLine = result.grain === 'hour';
  const zoomable = needsZoom(result.periods.length);
  return {
    color: SERIES_COLOURS,
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => formatQuantity(Number(value), result.unit) },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 12, right: 24, top: 40, bottom: zoomable ? 44 : 12, containLabel: true },
    dataZoom: zoomable ? ZOOM : [],
    xAxis: { type: 'category', data: axisLabels(result.periods, result.grain), boundaryGap: !asLine },
    yAxis: { type: 'value', name: result.unit, axisLabel: { formatter: (value: number) => abbreviateNumber(value) } },
    series: result.series.map((series) => ({
      type: asLine ? 'line' : 'bar',
      name: series.name,
      data: seriesValues(result.periods, series.points),
      ...(asLine ? { showSymbol: false, smooth: false } : { barMaxWidth: 28 }),
    })),
  };
}
