import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import GaugeWidget from './GaugeWidget';
import { gaugeWidget } from './descriptor';

describe('GaugeWidget', () => {
  it('asks for a meter, waits for the bound metric, then draws the dial', () => {
    expect(renderWidgetHtml(gaugeWidget, GaugeWidget, {})).toContain('Choose a meter for this widget');
    const latest = reading({ meterId: 3, ts: 1, values: { v: 231.2, kw: 150 } });
    expect(renderWidgetHtml(gaugeWidget, GaugeWidget, { binding: { meterIds: [3], metric: 'pf' }, readings: { 'meter:3:latest': latest } })).toContain(
      'No data yet',
    );
    const html = renderWidgetHtml(gaugeWidget, GaugeWidget, { binding: { meterIds: [3], metric: 'v' }, readings: { 'meter:3:latest': latest } });
    expect(html).toMatch(/^<svg data-testid="gauge" width="480" height="270" viewBox="0 0 480 270" role="img" aria-label="231.2 V">/);
    expect(html.match(/<path /g)).toHaveLength(2);
    expect(html).toContain('>0</text>');
    expect(html).toContain('>100</text>');
  });

  it('prints the figure in the warning colour inside the warning band', () => {
    const latest = reading({ meterId: 3, ts: 1, values: { kw: 150 } });
    const html = renderWidgetHtml(gaugeWidget, GaugeWidget, {
      binding: { meterIds: [3] },
      options: { max: 200, warning: 140, alarm: 180 },
      readings: { 'meter:3:latest': latest },
    });
    expect(html).toMatch(/<text [^>]*fill="#faad14"[^>]*>150\.0 kW<\/text>/);
    // Three bands, the needle; four gaps.
    expect(html.match(/<path /g)).toHaveLength(4);
    expect(html.match(/<line /g)).toHaveLength(4);
    expect(html).toContain('>200</text>');
  });
});
