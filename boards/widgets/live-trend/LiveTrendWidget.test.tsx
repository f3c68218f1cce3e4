import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget';
import LiveTrendWidget from './LiveTrendWidget';
import { liveTrendWidget } from './descriptor';

describe('LiveTrendWidget', () => {
  it('asks for meters, says "No data yet" until one reports, then draws the chart', () => {
    expect(renderWidgetHtml(liveTrendWidget, LiveTrendWidget, { language: 'es' })).toContain('Elija un medidor para este widget');
    const binding = { meterIds: [5, 6] };
    expect(renderWidgetHtml(liveTrendWidget, LiveTrendWidget, { binding, language: 'zh' })).toContain('暂无数据');
    const readings = { 'meter:6:latest': reading({ meterId: 6, ts: 1000, values: { kw: 18 } }) };
    expect(renderWidgetHtml(liveTrendWidget, LiveTrendWidget, { binding, readings })).toContain('data-testid="live-trend"');
  });
});
