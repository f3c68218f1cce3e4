import type { BaselineReport } from '@shared/production/api';
import type { ChartOption } from '../../charts/echartsCore';

const round = (value: number): number => Math.round(value * 1000) / 1000;

/** The ends of the fitted line energy = a + b × output over the outputs shown (baseline and reporting days). */
export function fittedEnds(report: BaselineReport): [number, number][] {
  const model = report.model;
  if (!model) return [];
  const outputs = [...model.points, ...(report.reporting?.days ?? [])].map((point) => point.standardOutput);
  if (outputs.length === 0) return [];
  const low = Math.min(...outputs);
  const high = Math.max(...outputs);
  return [
    [round(low), round(model.a + model.b * low)],
    [round(high), round(model.a + model.b * high)],
  ];
}

/** Daily energy against standard output: the baseline days, the reporting days and the fitted line. */
export function baselineChart(
  report: BaselineReport,
  texts: { baselineDays: string; reportingDays: string; fitted: string; output: string; energy: string },
): ChartOption {
  const model = report.model;
  return {
    tooltip: { trigger: 'item' },
    legend: { top: 0 },
    grid: { left: 64, right: 24, top: 40, bottom: 48 },
    // Padding past the extreme days: a day on the axis corner would otherwise be drawn half outside the plot.
    xAxis: { type: 'value', name: texts.output, nameLocation: 'middle', nameGap: 28, scale: true, boundaryGap: ['5%', '5%'] },
    yAxis: { type: 'value', name: texts.energy, scale: true, boundaryGap: ['5%', '5%'] },
    series: [
      // Baseline days filled and drawn above the hollow reporting days: similar days overlap, and both must stay readable.
      {
        type: 'scatter',
        name: texts.baselineDays,
        symbolSize: 7,
        z: 3,
        itemStyle: { color: '#1677ff' },
        data: (model?.points ?? []).map((point) => ({ value: [round(point.standardOutput), round(point.energy)], name: point.day })),
      },
      {
        type: 'scatter',
        name: texts.reportingDays,
        symbol: 'emptyCircle',
        symbolSize: 9,
        z: 2,
        itemStyle: { color: '#f59a23', borderWidth: 2 },
        data: (report.reporting?.days ?? []).map((day) => ({ value: [round(day.standardOutput), round(day.energy)], name: day.day })),
      },
      {
        type: 'line',
        name: texts.fitted,
        showSymbol: false,
        lineStyle: { color: '#262626', width: 2 },
        itemStyle: { color: '#262626' },
        data: fittedEnds(report),
      },
    ],
  };
}
