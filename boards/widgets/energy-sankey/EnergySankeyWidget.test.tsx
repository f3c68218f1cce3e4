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

  it('names thin nodes beside the flow with a leader, and the ones without room in a legend under it', () => {
    const rooms = Array.from({ length: 20 }, (_, index) => `Room ${index + 1}`);
    const crowded = reading({
      unit: 'kWh',
      nodes: [{ name: 'Site', depth: 0 }, ...rooms.map((name) => ({ name, depth: 1 }))],
      // Room 1 the largest … Room 20 the smallest.
      links: rooms.map((name, index) => ({ source: 'Site', target: name, value: 2000 - index * 90 })),
      computedAt: 1,
    });
    const html = renderWidgetHtml(energySankeyWidget, EnergySankeyWidget, { readings: { [channel]: crowded } });
    const legend = html.slice(html.indexOf('data-testid="sankey-legend"'));
    // The smallest room has no room beside the flow: a swatch and its name and energy under it.
    expect(legend).toContain('>Room 20  290 kWh</text>');
    expect(legend).toMatch(/<rect [^>]*fill="[^"]+"><\/rect>/);
    expect(html).not.toMatch(/<tspan[^>]*>Room 20 /);
    // Every room is named once, beside the flow or in the legend.
    for (const room of rooms) expect(html.match(new RegExp(`>${room}  `, 'g'))).toHaveLength(1);
    // Labels pushed off their thin nodes are tied to them.
    expect(html.slice(html.indexOf('data-testid="sankey-leaders"'))).toContain('<line ');
  });
});
