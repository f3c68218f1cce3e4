import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import LiveTrendWidget from './LiveTrendWidget';
import { liveTrendWidget } from './descriptor';

const texts = (html: string, tag: string) => [...html.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);

describe('LiveTrendWidget', () => {
  it('asks for meters, says "No data yet" until one reports', () => {
    expect(renderWidgetHtml(liveTrendWidget, LiveTrendWidget, { language: 'es' })).toContain('Elija un medidor para este widget');
    expect(renderWidgetHtml(liveTrendWidget, LiveTrendWidget, { binding: { meterIds: [5, 6] }, language: 'zh' })).toContain('暂无数据');
  });

  it('draws the first readings as dots in the series colours, the value axis with its unit and a legend of meters', () => {
    const readings = {
      'meter:5:latest': reading({ meterId: 5, ts: 1000, values: { kw: 18 } }),
      'meter:6:latest': reading({ meterId: 6, ts: 1000, values: { kw: 18 } }),
    };
    const html = renderWidgetHtml(liveTrendWidget, LiveTrendWidget, { binding: { meterIds: [5, 6] }, readings });
    expect(html).toContain('<svg data-testid="live-trend" width="480" height="270" viewBox="0 0 480 270" role="img" aria-label="Live trend"');
    expect(html).not.toContain('<canvas');
    expect([...html.matchAll(/<circle data-series="(meter-\d)"[^>]*fill="(#[0-9a-f]+)"/g)].map((match) => [match[1], match[2]])).toEqual([
      ['meter-5', '#3aa0ff'],
      ['meter-6', '#36cfc9'],
    ]);
    const labels = texts(html, 'text');
    expect(labels.slice(0, 5)).toEqual(['16', '17', '18', '19', '20']);
    expect(labels).toContain('kW');
    expect(labels.slice(-2)).toEqual(['Meter 5', 'Meter 6']);
  });

  it('leaves the legend out for one meter', () => {
    const readings = { 'meter:6:latest': reading({ meterId: 6, ts: 1000, values: { kw: 18 } }) };
    const html = renderWidgetHtml(liveTrendWidget, LiveTrendWidget, { binding: { meterIds: [6] }, readings });
    expect(html).not.toContain('data-part="legend"');
    expect(html.match(/<circle /g)).toHaveLength(1);
  });
});
