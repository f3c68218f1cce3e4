import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import EnergyBarWidget from './EnergyBarWidget';
import { energyBarWidget } from './descriptor';

const channel = 'energy:ranking:department:top:electricity:day:1:10';
const ranking = reading({
  unit: 'kWh',
  rows: [
    { scopeId: 1, name: 'Hall A', energy: 1200, share: 0.6 },
    { scopeId: 2, name: 'Offices', energy: 800, share: 0.4 },
  ],
  computedAt: 1,
});
const texts = (html: string) => [...html.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);

describe('EnergyBarWidget', () => {
  it('says "No data yet" until the ranking arrives or while it is empty', () => {
    expect(renderWidgetHtml(energyBarWidget, EnergyBarWidget, {})).toContain('No data yet');
    expect(renderWidgetHtml(energyBarWidget, EnergyBarWidget, { readings: { [channel]: reading({ unit: 'kWh', rows: [], computedAt: 1 }) } })).toContain(
      'No data yet',
    );
  });

  it('draws one accent bar per department with its name, its figure, value ticks and the unit', () => {
    const html = renderWidgetHtml(energyBarWidget, EnergyBarWidget, { readings: { [channel]: ranking } });
    expect(html).toContain('<svg data-testid="energy-bar" width="480" height="270" viewBox="0 0 480 270" role="img" aria-label="Energy bars"');
    expect(html).toContain('<g data-part="bars" fill="#3aa0ff">');
    expect(html.match(/<path d="M/g)).toHaveLength(2);
    const labels = texts(html);
    expect(labels.slice(0, 2)).toEqual(['Hall A', 'Offices']);
    expect(labels).toContain('kWh');
    expect(labels.slice(-2)).toEqual(['1,200', '800']);
    expect(labels).toContain('1.2k');
  });

  it('stands the bars up and leaves the figures out when asked', () => {
    const html = renderWidgetHtml(energyBarWidget, EnergyBarWidget, {
      readings: { [channel]: ranking },
      options: { orientation: 'vertical', showValues: false },
    });
    expect(html).not.toContain('data-part="values"');
    expect(texts(html).slice(0, 7)).toEqual(['0', '200', '400', '600', '800', '1k', '1.2k']);
  });
});
