import type { BillStatsRow, ChargingStatsRow, ConsumptionStatsRow } from '@shared/prepaid';
import type { ChartOption } from '../../charts/echartsCore';
import { SERIES_COLOURS, ZOOM, needsZoom } from '../analysis/shared/chartTheme';
import { minorText } from '../prepaidPayments/money';

/**
 * Chart options of the payment statistics. Money is plotted in major units only for the bar heights; every
 * figure a person reads (tooltip, axis) is formatted from the integer minor units.
 */

const majorAxis = { type: 'value' as const, axisLabel: { formatter: (value: number) => minorText(Math.round(value * 100)).replace(/\.00$/, '') } };
const moneyTooltip = { trigger: 'axis' as const, valueFormatter: (value: unknown) => minorText(Math.round(Number(value) * 100)) };
const category = (labels: string[]) => ({
  type: 'category' as const,
  data: labels,
  axisLabel: { interval: 0, hideOverlap: true, width: 120, overflow: 'truncate' as const, rotate: labels.length > 8 ? 30 : 0 },
});
const grid = { left: 16, right: 24, top: 40, bottom: 16, containLabel: true };

export interface ChartTexts {
  charges: string;
  fees: string;
  amount: string;
  serviceFee: string;
  refunded: string;
  issued: string;
  paid: string;
  overdue: string;
  outstanding: string;
}

/** Consumption: charges and fees stacked per group (room, department, band, day, month). */
export function consumptionOption(rows: readonly ConsumptionStatsRow[], texts: ChartTexts): ChartOption {
  const labels = rows.map((row) => row.label);
  return {
    color: SERIES_COLOURS,
    grid: needsZoom(rows.length) ? { ...grid, bottom: 40 } : grid,
    legend: { top: 0 },
    tooltip: moneyTooltip,
    xAxis: category(labels),
    yAxis: majorAxis,
    ...(needsZoom(rows.length) ? { dataZoom: ZOOM } : {}),
    series: [
      { name: texts.charges, type: 'bar', stack: 'money', data: rows.map((row) => row.chargesMinor / 100) },
      { name: texts.fees, type: 'bar', stack: 'money', data: rows.map((row) => row.feesMinor / 100) },
    ],
  };
}

/** Top-ups: a pie of amounts per channel or operator; bars per day or month. */
export function chargingOption(rows: readonly ChargingStatsRow[], pie: boolean, texts: ChartTexts): ChartOption {
  if (pie)
    return {
      color: SERIES_COLOURS,
      legend: { bottom: 0, type: 'scroll' },
      tooltip: { trigger: 'item', valueFormatter: (value: unknown) => minorText(Math.round(Number(value) * 100)) },
      series: [
        {
          name: texts.amount,
          type: 'pie',
          radius: ['35%', '65%'],
          label: { formatter: '{b}: {d}%' },
          data: rows.map((row) => ({ name: row.label, value: row.amountMinor / 100 })),
        },
      ],
    };
  return {
    color: SERIES_COLOURS,
    grid: needsZoom(rows.length) ? { ...grid, bottom: 40 } : grid,
    legend: { top: 0 },
    tooltip: moneyTooltip,
    xAxis: category(rows.map((row) => row.label)),
    yAxis: majorAxis,
    ...(needsZoom(rows.length) ? { dataZoom: ZOOM } : {}),
    series: [
      { name: texts.amount, type: 'bar', data: rows.map((row) => row.amountMinor / 100) },
      { name: texts.serviceFee, type: 'bar', data: rows.map((row) => row.serviceFeeMinor / 100) },
      { name: texts.refunded, type: 'bar', data: rows.map((row) => row.refundedMinor / 100) },
    ],
  };
}

/** Bills per month: issued, paid and overdue counts as bars, the outstanding amount as a line on its own axis. */
export function billStatsOption(rows: readonly BillStatsRow[], texts: ChartTexts): ChartOption {
  return {
    color: ['#409EFF', '#67C23A', '#F56C6C', '#E6A23C'],
    grid: { ...grid, top: 48 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: category(rows.map((row) => row.month)),
    yAxis: [
      { type: 'value', minInterval: 1 },
      { ...majorAxis, splitLine: { show: false } },
    ],
    series: [
      { name: texts.issued, type: 'bar', data: rows.map((row) => row.issued) },
      { name: texts.paid, type: 'bar', data: rows.map((row) => row.paid) },
      { name: texts.overdue, type: 'bar', data: rows.map((row) => row.overdue) },
      {
        name: texts.outstanding,
        type: 'line',
        yAxisIndex: 1,
        tooltip: { valueFormatter: (value: unknown) => minorText(Math.round(Number(value) * 100)) },
        data: rows.map((row) => row.outstandingMinor / 100),
      },
    ],
  };
}
