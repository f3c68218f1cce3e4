import type { BalanceResult, RollupGrain } from '@shared/schemas/energy';
import type { ChartOption } from '../../../charts/echartsCore';
import { PARENT_COLOUR, SERIES_COLOURS, UNMETERED_COLOUR, ZOOM, abbreviateNumber, formatQuantity, needsZoom } from '../shared/chartTheme';
import { axisLabels } from '../shared/periods';
import type { PartSeries } from './balanceSeries';

export interface BalanceChartNames {
  parent: string;
  children: string;
  unmetered: string;
}

/**
 * The balance per period: the parts stacked (or the children as one stack while their breakdown is not
 * in), the unmetered remainder on top, and the main meter as a line that the stack should reach.
 */
export function balanceChartOption(balance: BalanceResult, grain: RollupGrain, parts: PartSeries[] | null, names: BalanceChartNames): ChartOption {
  const periods = balance.periods.map((row) => row.period);
  const zoomable = needsZoom(periods.length);
  const stacks = parts ?? [{ key: 'children', name: names.children, values: balance.periods.map((row) => row.children) }];
  return {
    color: [...SERIES_COLOURS],
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => formatQuantity(Number(value), balance.unit) },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 12, right: 24, top: 40, bottom: zoomable ? 44 : 12, containLabel: true },
    dataZoom: zoomable ? ZOOM : [],
    xAxis: { type: 'category', data: axisLabels(periods, grain) },
    yAxis: { type: 'value', name: balance.unit, axisLabel: { formatter: (value: number) => abbreviateNumber(value) } },
    series: [
      ...stacks.map((stack, index) => ({
        type: 'bar',
        name: stack.name,
        stack: 'metered',
        data: stack.values,
        barMaxWidth: 32,
        itemStyle: { color: SERIES_COLOURS[index % SERIES_COLOURS.length] },
      })),
      {
        type: 'bar',
        name: names.unmetered,
        stack: 'metered',
        data: balance.periods.map((row) => row.unmetered),
        itemStyle: { color: UNMETERED_COLOUR },
      },
      {
        type: 'line',
        name: names.parent,
        data: balance.periods.map((row) => row.parent),
        symbol: 'circle',
        symbolSize: 5,
        showSymbol: !zoomable,
        lineStyle: { width: 2, color: PARENT_COLOUR },
        itemStyle: { color: PARENT_COLOUR },
        z: 5,
      },
    ],
  };
}
