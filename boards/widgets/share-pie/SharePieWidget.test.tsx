import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import SharePieWidget from './SharePieWidget';
import { sharePieWidget } from './descriptor';

const series = (totals: number[]) =>
  reading({
    scope: 'department',
    energyType: 'electricity',
    grain: 'day',
    unit: 'kWh',
    periods: [],
    series: totals.map((total, i) => ({ scopeId: i + 2, name: ['HVAC', 'Lighting'][i]!, total, points: [] })),
    computedAt: 1,
  });
const channel = 'energy:series:department:2.3:electricity:day:1';

describe('SharePieWidget', () => {
  it('says "No data yet" before the series arrives or while nothing flowed, then draws the pie', () => {
    const binding = { departmentIds: [2, 3] };
    expect(renderWidgetHtml(sharePieWidget, SharePieWidget, { binding })).toContain('No data yet');
    expect(renderWidgetHtml(sharePieWidget, SharePieWidget, { binding, readings: { [channel]: series([0, 0]) } })).toContain('No data yet');
    const html = renderWidgetHtml(sharePieWidget, SharePieWidget, { binding, readings: { [channel]: series([1500, 500]) } });
    expect(html).toMatch(/^<svg data-testid="share-pie" width="480" height="270" viewBox="0 0 480 270" role="img" aria-label="HVAC 75.0%, Lighting 25.0%">/);
    expect(html.match(/<path /g)).toHaveLength(2);
    expect(html.match(/<polyline /g)).toHaveLength(2);
    expect(html).toContain('>HVAC</text>');
    expect(html).toContain('>75.0%</text>');
    expect(html).toContain('>25.0%</text>');
    // The donut's hole holds the whole.
    expect(html).toContain('>2k</text>');
    expect(html).toContain('>kWh</text>');
  });

  it('draws a full pie without a centre figure when asked', () => {
    const html = renderWidgetHtml(sharePieWidget, SharePieWidget, {
      binding: { departmentIds: [2, 3] },
      options: { donut: false, digits: 0 },
      readings: { [channel]: series([1500, 500]) },
    });
    expect(html).toContain('>75%</text>');
    expect(html).not.toContain('>2k</text>');
    expect(html).toMatch(/<path d="M0,-123A123,123,0,1,1,-123,0L0,0Z" fill="#3aa0ff"/);
  });
});
