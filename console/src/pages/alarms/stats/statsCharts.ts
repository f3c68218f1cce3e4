import { ALARM_KINDS, ALARM_SEVERITIES, type AlarmKind, type AlarmSeverity, type AlarmStats } from '@shared/schemas/alarms';
import type { ChartOption } from '../../../charts/echartsCore';

export const KIND_COLOURS: Record<AlarmKind, string> = { device: '#F56C6C', error: '#E6A23C', trouble: '#9B59B6', offline: '#909399', balance: '#13C2C2' };
export const SEVERITY_COLOURS: Record<AlarmSeverity, string> = { low: '#409EFF', medium: '#E6C23C', high: '#FA8C16', critical: '#F5222D' };

/** Alarms raised per day, one stacked bar per day split by kind. */
export function byDayOption(stats: AlarmStats, kindLabel: (kind: AlarmKind) => string): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 40, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: stats.byDay.map((day) => day.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: ALARM_KINDS.map((kind) => ({
      name: kindLabel(kind),
      type: 'bar',
      stack: 'alarms',
      barMaxWidth: 36,
      itemStyle: { color: KIND_COLOURS[kind] },
      data: stats.byDay.map((day) => day[kind]),
    })),
  };
}

/** The share of each severity, as a ring. */
export function severityOption(stats: AlarmStats, severityLabel: (severity: AlarmSeverity) => string): ChartOption {
  const slices = ALARM_SEVERITIES.map((severity) => ({
    name: severityLabel(severity),
    value: stats.bySeverity[severity],
    itemStyle: { color: SEVERITY_COLOURS[severity] },
  }));
  const counts = new Map(slices.map((slice) => [slice.name, slice.value]));
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    // Names with their counts in the legend: outside labels get cut in a narrow card.
    legend: { bottom: 0, formatter: (name: string) => `${name} ${counts.get(name) ?? 0}` },
    series: [
      {
        type: 'pie',
        radius: ['45%', '70%'],
        center: ['50%', '45%'],
        // An empty severity draws no slice and gets no label; its legend entry still says 0.
        label: {
          show: true,
          position: 'inside',
          formatter: (slice: { value: number }) => (slice.value ? String(slice.value) : ''),
          color: '#fff',
          fontWeight: 'bold',
        },
        data: slices,
      },
    ],
  };
}
