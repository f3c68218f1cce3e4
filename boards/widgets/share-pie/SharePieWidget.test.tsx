import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget';
import SharePieWidget from './SharePieWidget';
import { sharePieWidget } from './descriptor';

describe('SharePieWidget', () => {
  it('says "No data yet" before the series arrives, then draws the pie', () => {
    const binding = { departmentIds: [2, 3] };
    expect(renderWidgetHtml(sharePieWidget, SharePieWidget, { binding })).toContain('No data yet');
    const series = reading({ scope: 'department', energyType: 'electricity', grain: 'day', unit: 'kWh', periods: [], series: [{ scopeId: 2, name: 'A', total: 5, points: [] }], computedAt: 1 });
    const html = renderWidgetHtml(sharePieWidget, SharePieWidget, { binding, readings: { 'energy:series:department:2.3:electricity:day:1': series } });
    expect(html).toContain('data-testid="share-pie"');
  });
});
