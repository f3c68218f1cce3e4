import { describe, expect, it } from 'vitest';
import type { EnergySeriesData } from '@shared/board/channels';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import EnergyPeriodsWidget from './EnergyPeriodsWidget';
import { energyPeriodsWidget } from './descriptor';

/** Nov 2023 … Oct 2025: 1000 kWh a month, except Sep 2025 (958: −4.2 % on Sep 2024) and the running Oct 2025 (300). */
const periods = Array.from({ length: 24 }, (_, index) => new Date(Date.UTC(2023, 10 + index, 1)).toISOString().slice(0, 7));
const energy = (period: string) => (period === '2025-09' ? 958 : period === '2025-10' ? 300 : 1000);
const series: EnergySeriesData = {
  scope: 'department',
  energyType: 'electricity',
  grain: 'month',
  unit: 'kWh',
  periods,
  series: [{ scopeId: 1, name: 'Main Plant', total: 0, points: periods.map((period) => ({ period, energy: energy(period) })) }],
  computedAt: 1,
};
const binding = { departmentIds: [1], grain: 'month' as const, periods: 12 };
const channel = 'energy:series:department:1:electricity:month:24';
const texts = (html: string) => [...html.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((match) => match[1]);

describe('EnergyPeriodsWidget', () => {
  it('asks for a scope without a binding and says "No data yet" before the series', () => {
    expect(renderWidgetHtml(energyPeriodsWidget, EnergyPeriodsWidget, {})).toContain('Choose departments or sub-items for this widget');
    expect(renderWidgetHtml(energyPeriodsWidget, EnergyPeriodsWidget, { binding })).toContain('No data yet');
  });

  it('draws 12 months beside the year before, the legend and the last full month’s change', () => {
    const html = renderWidgetHtml(energyPeriodsWidget, EnergyPeriodsWidget, { binding, readings: { [channel]: reading(series) } });
    expect(html).toContain('data-testid="energy-periods" width="480" height="270" viewBox="0 0 480 270" role="img" aria-label="Energy by period"');
    expect(html.match(/<path /g)).toHaveLength(24);
    const drawn = texts(html);
    expect(drawn).toEqual(expect.arrayContaining(['kWh', 'Last 12 months', 'Year before', 'Sep −4.2 % vs Sep 2024']));
    // Month names from November to the running October: 12 bands of ≈ 36 px each hold a name.
    expect(drawn.filter((text) => /^[A-Z][a-z]{2}$/.test(text!))).toEqual(['Nov', 'Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct']);
    // Less energy than a year earlier: the good colour.
    expect(html).toContain('fill="#52c41a">Sep −4.2 % vs Sep 2024</text>');
  });

  it('speaks Spanish and Chinese', () => {
    const es = texts(renderWidgetHtml(energyPeriodsWidget, EnergyPeriodsWidget, { binding, readings: { [channel]: reading(series) }, language: 'es' }));
    expect(es).toEqual(expect.arrayContaining(['Últimos 12 meses', 'Año anterior', 'sept −4,2 % frente a sept 2024', 'oct']));
    const zh = texts(renderWidgetHtml(energyPeriodsWidget, EnergyPeriodsWidget, { binding, readings: { [channel]: reading(series) }, language: 'zh' }));
    expect(zh).toEqual(expect.arrayContaining(['近 12 个月', '上年同期', '9月 同比 −4.2%（2024年9月）', '10月']));
  });

  it('draws the months alone when the comparison is off', () => {
    const alone = 'energy:series:department:1:electricity:month:12';
    const html = renderWidgetHtml(energyPeriodsWidget, EnergyPeriodsWidget, {
      binding,
      options: { compareYearEarlier: false },
      readings: { [alone]: reading({ ...series, periods: periods.slice(12), series: [{ ...series.series[0]!, points: series.series[0]!.points.slice(12) }] }) },
    });
    expect(html.match(/<path /g)).toHaveLength(12);
    expect(texts(html)).not.toContain('Year before');
    expect(html).not.toContain('data-part="change"');
  });
});
