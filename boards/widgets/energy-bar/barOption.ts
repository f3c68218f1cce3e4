import type { EChartsCoreOption } from 'echarts/core';
import { abbreviateNumber, withThousands } from '@shared/format';
import type { ChartPalette } from '../../charts/palette';
import { axisStyle, scaledFont } from '../../charts/textStyles';
import type { EnergyRows } from '../../charts/energyRows';
import type { EnergyBarOptions } from './descriptor';

export interface BarInput {
  data: EnergyRows;
  options: Pick<EnergyBarOptions, 'orientation' | 'digits' | 'showValues'>;
  palette: ChartPalette;
  width: number;
  scale: number;
}

/** One bar per row in the payload's order (a ranking comes sorted); horizontal bars list the first row at the top. */
export function barOption({ data, options, palette, width, scale }: BarInput): EChartsCoreOption {
  const axis = axisStyle(palette, scale);
  const horizontal = options.orientation === 'horizontal';
  const gap = (px: number) => Math.round(px * scale);
  const names = data.rows.map((row) => row.name);
  const category = {
    type: 'category',
    data: names,
    inverse: horizontal,
    ...axis,
    splitLine: { show: false },
    // Long department names are cut, not allowed to squeeze the bars.
    axisLabel: { ...axis.axisLabel, interval: 0, width: Math.round(width * (horizontal ? 0.3 : 0.9 / Math.max(names.length, 1))), overflow: 'truncate' },
  };
  const value = { type: 'value', name: data.unit, ...axis, axisLabel: { ...axis.axisLabel, formatter: (tick: number) => abbreviateNumber(tick, 1) } };
  return {
    animation: false,
    grid: { left: gap(8), right: gap(horizontal ? 48 : 12), top: gap(24), bottom: gap(8), containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: [
      {
        id: 'energy',
        type: 'bar',
        data: data.rows.map((row) => row.energy),
        silent: true,
        barMaxWidth: gap(40),
        itemStyle: { color: palette.series[0], borderRadius: horizontal ? [0, gap(3), gap(3), 0] : [gap(3), gap(3), 0, 0] },
        label: {
          show: options.showValues,
          position: horizontal ? 'right' : 'top',
          color: palette.text,
          fontSize: scaledFont(12, scale),
          formatter: ({ value: energy }: { value: number }) => withThousands(energy, options.digits),
        },
      },
    ],
  };
}
