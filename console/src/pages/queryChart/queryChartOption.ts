import { abbreviateNumber, formatQuantity } from '@shared/format';
import type { ChartOption } from '../../charts/echartsCore';
import { SERIES_COLOURS, ZOOM, needsZoom } from '../analysis/shared/chartTheme';
import { axisLabels } from '../analysis/shared/periods';
import { seriesValues } from '../analysis/shared/sumSeries';
import type { QueryResult } from './QueryChartController';

/** Past this many points on one line the chart gets a zoom slider and draws without symbols. */
const DENSE_POINTS = 200;

/** Time-axis labels: the date where a day starts, the time of day otherwise. */
const TIME_LABELS = {
  year: '{yyyy}',
  month: '{MM}-{dd}',
  day: '{MM}-{dd}',
  hour: '{HH}:{mm}',
  minute: '{HH}:{mm}',
  second: '{HH}:{mm}:{ss}',
  millisecond: '{HH}:{mm}:{ss}',
};

/**
 * The chart of an answer, as lines or bars: meters on a time axis (one series per meter, its points as
 * the server bucketed them), departments on their rollup periods. Axis figures abbreviated (spec §9),
 * tooltips with thousands separators; series names are set as data, never as HTML.
 */
export function queryChartOption(result: QueryResult): ChartOption {
  const { chartType } = result.query;
  const common = { color: SERIES_COLOURS, legend: { type: 'scroll', top: 0 }, animation: false };

  if (result.kind === 'meters') {
    const unit = result.series[0]?.metric.unit ?? '';
    const longest = Math.max(0, ...result.series.map((series) => series.points.length));
    const zoomable = longest > DENSE_POINTS;
    return {
      ...common,
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => formatQuantity(Number(value), unit, 3) },
      grid: { left: 12, right: 24, top: 40, bottom: zoomable ? 44 : 12, containLabel: true },
      dataZoom: zoomable ? ZOOM : [],
      xAxis: { type: 'time', axisLabel: { formatter: TIME_LABELS, hideOverlap: true } },
      yAxis: { type: 'value', name: unit, scale: chartType === 'line', axisLabel: { formatter: (value: number) => abbreviateNumber(value) } },
      series: result.series.map((series) => ({
        type: chartType,
        name: series.meter.name,
        data: series.points,
        ...(chartType === 'line' ? { showSymbol: longest <= 60, sampling: 'lttb' } : { barMaxWidth: 16 }),
      })),
    };
  }

  const { rollup } = result;
  const zoomable = needsZoom(rollup.periods.length);
  return {
    ...common,
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => formatQuantity(Number(value), rollup.unit) },
    grid: { left: 12, right: 24, top: 40, bottom: zoomable ? 44 : 12, containLabel: true },
    dataZoom: zoomable ? ZOOM : [],
    xAxis: { type: 'category', data: axisLabels(rollup.periods, rollup.grain), boundaryGap: chartType === 'bar' },
    yAxis: { type: 'value', name: rollup.unit, axisLabel: { formatter: (value: number) => abbreviateNumber(value) } },
    series: rollup.series.map((series) => ({
      type: chartType,
      name: series.name,
      data: seriesValues(rollup.periods, series.points),
      ...(chartType === 'line' ? { showSymbol: rollup.periods.length <= 60 } : { barMaxWidth: 28 }),
    })),
  };
}
