import { describe, expect, it } from 'vitest';
import type { AlarmStatsQuery } from '@shared/api/alarmsApi';
import { AlarmStatsController } from './AlarmStatsController';
import { stats } from './alarmStats.test-util';
import { byDayOption } from './statsCharts';

describe('AlarmStatsController', () => {
  it('opens on the last 30 days, sums the days per kind and asks again for a new range', async () => {
    const queries: AlarmStatsQuery[] = [];
    const now = new Date(2026, 10, 21, 12).getTime();
    const controller = new AlarmStatsController({ stats: async (query) => (queries.push(query), stats) }, now);
    await controller.load();
    expect(queries).toEqual([{ from: new Date(2026, 9, 22).getTime(), to: now }]);
    expect(controller.totalsByKind).toEqual({ device: 5, error: 1, trouble: 1, offline: 2, balance: 0 });
    await controller.setRange(1, 2);
    expect(queries.at(-1)).toEqual({ from: 1, to: 2 });
  });

  it('stacks one bar series per kind over the days', () => {
    const option = byDayOption(stats, (kind) => kind.toUpperCase()) as { xAxis: { data: string[] }; series: { name: string; stack: string; data: number[] }[] };
    expect(option.xAxis.data).toEqual(['11-19', '11-20']);
    expect(option.series.map((series) => [series.name, series.stack, series.data])).toEqual([
      ['DEVICE', 'alarms', [3, 2]],
      ['ERROR', 'alarms', [1, 0]],
      ['TROUBLE', 'alarms', [0, 1]],
      ['OFFLINE', 'alarms', [1, 1]],
      ['BALANCE', 'alarms', [0, 0]],
    ]);
  });
});
