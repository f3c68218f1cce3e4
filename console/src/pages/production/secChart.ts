import type { ChartOption } from '../../charts/echartsCore';
import type { SecRow, SecView } from './secRows';

export const OVER_COLOUR = '#e8453c';
const LINE_COLOURS = ['#1677ff', '#2bb673', '#7b61ff', '#f59a23', '#13c2c2', '#eb2f96'];
const round = (value: number | null): number | null => (value === null ? null : Math.round(value * 1000) / 1000);

/**
 * SEC against target. By line: the periods along the axis, one bar series per line and its target as a dashed
 * line. By product or shift: one bar per row (red when over target) with the target as a short bar-wide marker.
 */
export function secChart(view: SecView, rows: readonly SecRow[], texts: { sec: string; target: string; unit: string }): ChartOption {
  const base = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 64, right: 16, top: 56, bottom: 56 },
    yAxis: { type: 'value', name: texts.unit },
  };
  if (view === 'line') {
    const periods = [...new Set(rows.filter((row) => row.kind === 'period').map((row) => row.label))].sort();
    const lines = [...new Map(rows.map((row) => [row.lineId, row.lineName])).entries()];
    return {
      ...base,
      xAxis: { type: 'category', data: periods, axisLabel: { hideOverlap: true } },
      series: lines.flatMap(([lineId, name], index) => {
        const colour = LINE_COLOURS[index % LINE_COLOURS.length];
        const of = (period: string) => rows.find((row) => row.lineId === lineId && row.kind === 'period' && row.label === period);
        return [
          {
            type: 'bar',
            name,
            itemStyle: { color: colour },
            data: periods.map((period) => {
              const row = of(period);
              return { value: round(row?.secKwh ?? null), itemStyle: row?.over ? { color: OVER_COLOUR } : undefined };
            }),
          },
          {
            type: 'line',
            name: `${name} · ${texts.target}`,
            showSymbol: false,
            lineStyle: { type: 'dashed', color: colour },
            itemStyle: { color: colour },
            data: periods.map((period) => round(of(period)?.targetSecKwh ?? null)),
          },
        ];
      }),
    };
  }
  const several = new Set(rows.map((row) => row.lineId)).size > 1;
  return {
    ...base,
    legend: { top: 0 },
    xAxis: {
      type: 'category',
      data: rows.map((row) => (several ? `${row.label}\n${row.lineName}` : row.label)),
      axisLabel: { interval: 0, hideOverlap: true, width: 120, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: texts.sec,
        barMaxWidth: 48,
        itemStyle: { color: LINE_COLOURS[0] },
        data: rows.map((row) => ({ value: round(row.secKwh), itemStyle: row.over ? { color: OVER_COLOUR } : undefined })),
      },
      {
        type: 'line',
        name: texts.target,
        symbol: 'rect',
        symbolSize: [36, 3],
        lineStyle: { width: 0 },
        itemStyle: { color: '#262626' },
        data: rows.map((row) => round(row.targetSecKwh)),
      },
    ],
  };
}
