import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import EnergySankeyWidget from './EnergySankeyWidget';
import { energySankeyWidget } from './descriptor';

describe('EnergySankeyWidget', () => {
  const channel = 'energy:flow:electricity:day:1';

  it('says "No data yet" until energy flows', () => {
    const idle = reading({ unit: 'kWh', nodes: [{ name: 'Site', depth: 0 }], links: [], computedAt: 1 });
    const html = renderWidgetHtml(energySankeyWidget, EnergySankeyWidget, { readings: { [channel]: idle } });
    expect(html).toContain('No data yet');
    expect(html).not.toContain('<svg');
  });

  it('draws the flow: a bar per node, a band per link, the translated site and each node’s energy', () => {
    const flowing = reading({
      unit: 'kWh',
      nodes: [
        { name: 'Site', depth: 0 },
        { name: 'Hall', depth: 1 },
        { name: 'Office', depth: 1 },
      ],
      links: [
        { source: 'Site', target: 'Hall', value: 4000 },
        { source: 'Site', target: 'Office', value: 1000 },
      ],
      computedAt: 1,
    });
    const html = renderWidgetHtml(energySankeyWidget, EnergySankeyWidget, { readings: { [channel]: flowing }, language: 'zh' });
    expect(html).toContain('data-testid="energy-sankey" width="480" height="270" viewBox="0 0 480 270" role="img"');
    expect(html.match(/<rect /g)).toHaveLength(3);
    expect(html.match(/<path /g)).toHaveLength(2);
    expect(html).toContain('<rect x="8" y="13" width="14" height="236" fill="#3aa0ff"></rect>');
    expect(html.match(/<stop offset="1" stop-color="[^"]+"/g)).toEqual(['<stop offset="1" stop-color="#36cfc9"', '<stop offset="1" stop-color="#ffc53d"']);
    expect(html).toContain('>全厂  5,000 kWh</tspan>');
    expect(html).toContain('>Hall  4,000 kWh</tspan>');
    expect(html).toContain('>Office  1,000 kWh</tspan>');
  });
});
