import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget';
import GaugeWidget from './GaugeWidget';
import { gaugeWidget } from './descriptor';

describe('GaugeWidget', () => {
  it('asks for a meter, waits for the bound metric, then draws the dial', () => {
    expect(renderWidgetHtml(gaugeWidget, GaugeWidget, {})).toContain('Choose a meter for this widget');
    const latest = reading({ meterId: 3, ts: 1, values: { v: 231.2 } });
    expect(renderWidgetHtml(gaugeWidget, GaugeWidget, { binding: { meterIds: [3], metric: 'kw' }, readings: { 'meter:3:latest': latest } })).toContain('No data yet');
    const html = renderWidgetHtml(gaugeWidget, GaugeWidget, { binding: { meterIds: [3], metric: 'v' }, readings: { 'meter:3:latest': latest } });
    expect(html).toBe('<div data-testid="gauge" style="width:480px;height:270px"></div>');
  });
});
