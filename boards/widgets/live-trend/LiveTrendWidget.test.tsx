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

  it('draws the whole window from the stored series at once, starting at the left edge where the line crosses it', () => {
    const minute = 60_000;
    const readings = {
      'meter:6:latest': reading({ meterId: 6, ts: 20 * minute, values: { kw: 200 } }),
      // A 10-minute window ending at 20 min; the lead-in at 8 min puts the line at 110 kW on the 10-minute edge.
      'meter:6:recent:kw:600': reading({
        meterId: 6,
        metric: 'kw',
        from: 10 * minute,
        to: 20 * minute,
        bucketMs: 0,
        points: [
          [8 * minute, 100],
          [12 * minute, 120],
          [16 * minute, 160],
          [20 * minute, 200],
        ],
      }),
    };
    const html = renderWidgetHtml(liveTrendWidget, LiveTrendWidget, { binding: { meterIds: [6] }, options: { minutes: 10 }, readings });
    // Plot from x 36 to 459 (423 px for 10 min), 100 kW at y 244 and 200 kW at y 26: 12 min is 36 + 0.2 × 423.
    expect(html).toContain('<line x1="36" x2="459" y1="244" y2="244">');
    expect(html).toContain('d="M36,222.2L120.6,200.4L289.8,113.2L459,26"');
  });
});
