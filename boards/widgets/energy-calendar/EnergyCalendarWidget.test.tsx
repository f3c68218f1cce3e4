import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import EnergyCalendarWidget from './EnergyCalendarWidget';
import { energyCalendarWidget } from './descriptor';

describe('EnergyCalendarWidget', () => {
  const binding = { departmentIds: [1] };
  const channel = 'energy:series:department:1:electricity:day:365';

  it('asks for departments without a binding and says "No data yet" before the series', () => {
    expect(renderWidgetHtml(energyCalendarWidget, EnergyCalendarWidget, {})).toContain('Choose departments or sub-items for this widget');
    expect(renderWidgetHtml(energyCalendarWidget, EnergyCalendarWidget, { binding })).toContain('No data yet');
  });

  it('draws a square per day, the busiest in the accent, translated month and day names and the scale', () => {
    const series = reading({
      scope: 'department',
      energyType: 'electricity',
      grain: 'day',
      unit: 'kWh',
      periods: ['2025-03-01', '2025-03-02', '2025-03-03'],
      series: [
        {
          scopeId: 1,
          name: 'A',
          total: 1250,
          points: [
            { period: '2025-03-01', energy: 50 },
            { period: '2025-03-02', energy: 0 },
            { period: '2025-03-03', energy: 1200 },
          ],
        },
      ],
      computedAt: 1,
    });
    const html = renderWidgetHtml(energyCalendarWidget, EnergyCalendarWidget, { binding, readings: { [channel]: series }, language: 'zh' });
    expect(html).toContain('data-testid="energy-calendar" width="480" height="270" viewBox="0 0 480 270" role="img"');
    // 3 day squares and the legend's bar; (270 − 58) ÷ 7 = 30 px squares.
    expect(html.match(/<rect /g)).toHaveLength(4);
    expect(html).toContain('<rect x="240.5" y="31.5" width="29" height="29" fill="rgb(58, 160, 255)"></rect>');
    expect(html).toContain('>3月</text>');
    expect(html).toContain('>一</text>');
    // Figures fit in 29 px squares at 10 px: "50", "0", "1k".
    expect(html.match(/fill="#(?:e6edf5|07111f)">[^<]+<\/text>/g)).toEqual(['fill="#e6edf5">50</text>', 'fill="#e6edf5">0</text>', 'fill="#07111f">1k</text>']);
    expect(html).toContain('>1k kWh</text>');
  });
});
