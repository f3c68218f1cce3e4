import type { EChartsCoreOption } from 'echarts/core';
import type { ChartPalette } from '../../charts/palette';
import { scaledFont } from '../../charts/textStyles';
import type { EnergyRows } from '../../charts/energyRows';
import type { SharePieOptions } from './descriptor';

export interface PieSlice {
  name: string;
  value: number;
  /** "42.5%": of everything the pie stands for (the ranking's whole, or the bound ids' sum). */
  percent: string;
}

/** The slices with their percentages; "Others" (what a top-N ranking left out) last when asked for and non-zero. */
export function pieSlices(data: EnergyRows, othersName: string, { showOthers, digits }: Pick<SharePieOptions, 'showOthers' | 'digits'>): PieSlice[] {
  const slices = data.rows.map((row) => ({ name: row.name, value: row.energy }));
  if (showOthers && data.rest > 0) slices.push({ name: othersName, value: data.rest });
  const total = data.rows.reduce((sum, row) => sum + row.energy, 0) + data.rest;
  return slices.map((slice) => ({ ...slice, percent: `${(total > 0 ? (slice.value / total) * 100 : 0).toFixed(digits)}%` }));
}

export interface PieInput {
  slices: PieSlice[];
  donut: boolean;
  palette: ChartPalette;
  scale: number;
}

export function pieOption({ slices, donut, palette, scale }: PieInput): EChartsCoreOption {
  return {
    animation: false,
    color: palette.series,
    series: [
      {
        id: 'share',
        type: 'pie',
        radius: donut ? ['42%', '66%'] : [0, '66%'],
        center: ['50%', '52%'],
        silent: true,
        // All zero (a quiet night): draw no slices rather than equal ones.
        stillShowZeroSum: false,
        itemStyle: { borderColor: palette.surface, borderWidth: Math.max(1, Math.round(scale)) },
        label: {
          color: palette.text,
          fontSize: scaledFont(12, scale),
          formatter: ({ dataIndex }: { dataIndex: number }) => `${slices[dataIndex]?.name ?? ''}\n${slices[dataIndex]?.percent ?? ''}`,
        },
        labelLine: { length: Math.round(8 * scale), length2: Math.round(8 * scale), lineStyle: { color: palette.axisLine } },
        data: slices.map(({ name, value }) => ({ name, value })),
      },
    ],
  };
}
