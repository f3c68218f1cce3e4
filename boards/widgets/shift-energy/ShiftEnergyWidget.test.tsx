import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import ShiftEnergyWidget from './ShiftEnergyWidget';
import { shiftEnergyWidget } from './descriptor';
import { parseShiftEnergyChannel, shiftEnergyChannel, type ShiftEnergyData } from './channel';
import { shiftBars } from './shiftBars';

const line = (day: string, shiftId: number, shiftName: string, teamName: string | null, energy: number, costMinor: number | null = null) => ({
  day,
  shiftId,
  shiftName,
  teamName,
  energy,
  estimated: 0,
  costMinor,
});
const data: ShiftEnergyData = {
  computedAt: 1,
  departmentId: 2,
  departmentName: 'Production Hall A',
  unit: 'kWh',
  currency: 'CNY',
  previous: [
    line('2026-07-14', 2, 'Evening', 'Team B', 900, 81000),
    line('2026-07-14', 3, 'Night', 'Team C', 600, 24000),
    line('2026-07-15', 1, 'Morning', 'Team D', 1200, 120000),
  ],
  current: { ...line('2026-07-15', 2, 'Evening', 'Team A', 450, 40500), elapsed: 0.25 },
};
const channel = 'shifts:energy:top:6';

describe('shift-energy channel', () => {
  it('names the department (or the first with a rota) and how many finished shifts, and reads the name back', () => {
    expect(shiftEnergyWidget.channels({}, shiftEnergyWidget.options.parse({}))).toEqual([channel]);
    expect(shiftEnergyWidget.channels({ departmentIds: [2] }, shiftEnergyWidget.options.parse({ previous: 3 }))).toEqual(['shifts:energy:2:3']);
    expect(parseShiftEnergyChannel(shiftEnergyChannel({ departmentId: 2, previous: 12 }))).toEqual({ departmentId: 2, previous: 12 });
    for (const bad of ['shifts:energy:2:0', 'shifts:energy:2:13', 'shifts:energy:x:3', 'shifts:energy:2']) expect(parseShiftEnergyChannel(bad), bad).toBeNull();
  });

  it('scales the bars to the largest shift, oldest first and the current one last, with the average of the finished ones', () => {
    const { bars, average, averageHeight } = shiftBars(data, 0);
    expect(bars.map((bar) => [bar.shiftName, bar.teamName, bar.dayText, bar.energyText, bar.costText, bar.height, bar.current])).toEqual([
      ['Evening', 'Team B', '07-14', '900', '¥810.00', 0.75, false],
      ['Night', 'Team C', '07-14', '600', '¥240.00', 0.5, false],
      ['Morning', 'Team D', '07-15', '1,200', '¥1,200.00', 1, false],
      ['Evening', 'Team A', '07-15', '450', '¥405.00', 0.375, true],
    ]);
    // (900 + 600 + 1200) / 3 = 900
    expect(average).toBe(900);
    expect(averageHeight).toBe(0.75);
  });
});

describe('ShiftEnergyWidget', () => {
  it('shows the current shift so far against the average and one bar per shift', () => {
    const html = renderWidgetHtml(shiftEnergyWidget, ShiftEnergyWidget, { readings: { [channel]: reading(data) } });
    expect(html).toMatch(/data-testid="shift-energy-current"[^>]*>450<span[^>]*>kWh</);
    expect(html).toContain('Evening · Team A so far (25% of the shift)');
    expect(html).toMatch(/data-testid="shift-energy-average"[^>]*>900</);
    expect(html).toContain('Average of the last 3 shifts');
    expect(html.match(/data-testid="shift-energy-bar"/g)).toHaveLength(3);
    expect(html.match(/data-testid="shift-energy-bar-current"/g)).toHaveLength(1);
  });

  it('speaks Chinese, and says when there is nothing to show', () => {
    const html = renderWidgetHtml(shiftEnergyWidget, ShiftEnergyWidget, { readings: { [channel]: reading({ ...data, current: null }) }, language: 'zh' });
    expect(html).toContain('当前无班次');
    expect(html).toContain('前 3 个班次平均');
    expect(renderWidgetHtml(shiftEnergyWidget, ShiftEnergyWidget, { readings: { [channel]: reading({ ...data, current: null, previous: [] }) } })).toContain(
      'No shifts in the rota',
    );
  });
});
