import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget';
import EnergyCalendarWidget from './EnergyCalendarWidget';
import { energyCalendarWidget } from './descriptor';

describe('EnergyCalendarWidget', () => {
  it('asks for departments without a binding, says "No data yet" before the series, then draws the calendar', () => {
    expect(renderWidgetHtml(energyCalendarWidget, EnergyCalendarWidget, {})).toContain('Choose departments or sub-items for this widget');
    const binding = { departmentIds: [1] };
    expect(renderWidgetHtml(energyCalendarWidget, EnergyCalendarWidget, { binding })).toContain('No data yet');
    const series = reading({ scope: 'department', energyType: 'electricity', grain: 'day', unit: 'kWh', periods: ['2025-03-01'], series: [{ scopeId: 1, name: 'A', total: 5, points: [{ period: '2025-03-01', energy: 5 }] }], computedAt: 1 });
    const html = renderWidgetHtml(energyCalendarWidget, EnergyCalendarWidget, { binding, readings: { 'energy:series:department:1:electricity:day:365': series } });
    expect(html).toContain('data-testid="energy-calendar"');
  });
});
