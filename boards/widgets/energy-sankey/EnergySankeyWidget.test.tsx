import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget';
import EnergySankeyWidget from './EnergySankeyWidget';
import { energySankeyWidget } from './descriptor';

describe('EnergySankeyWidget', () => {
  it('says "No data yet" until energy flows, then draws the flow', () => {
    const channel = 'energy:flow:electricity:day:1';
    const idle = reading({ unit: 'kWh', nodes: [{ name: 'Site', depth: 0 }], links: [], computedAt: 1 });
    expect(renderWidgetHtml(energySankeyWidget, EnergySankeyWidget, { readings: { [channel]: idle } })).toContain('No data yet');
    const flowing = reading({ unit: 'kWh', nodes: [{ name: 'Site', depth: 0 }, { name: 'Hall', depth: 1 }], links: [{ source: 'Site', target: 'Hall', value: 4 }], computedAt: 1 });
    expect(renderWidgetHtml(energySankeyWidget, EnergySankeyWidget, { readings: { [channel]: flowing } })).toContain('data-testid="energy-sankey"');
  });
});
