import { describe, expect, it } from 'vitest';
import type { LineSecSummary, LineSecWallData } from '@shared/production/api';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import LineSecWidget from './LineSecWidget';
import { lineSecWidget } from './descriptor';
import { lineSecBars, lineSecChannel, parseLineSecChannel } from './channel';

const summary = (
  lineId: number,
  name: string,
  energyType: string,
  secKwh: number | null,
  targetSecKwh: number | null,
  status: LineSecSummary['status'],
): LineSecSummary => ({
  lineId,
  code: `L${lineId}`,
  name,
  energyType,
  status,
  energy: 0,
  energyKgce: null,
  standardOutput: 0,
  secKwh,
  secKgce: secKwh === null || energyType !== 'electricity' ? null : secKwh * 0.1229,
  targetSecKwh,
  vsTargetPercent: secKwh === null || targetSecKwh === null ? null : ((secKwh - targetSecKwh) / targetSecKwh) * 100,
});
const data: LineSecWallData = {
  computedAt: 1,
  period: 'yesterday',
  from: '2026-11-26',
  to: '2026-11-26',
  factor: { kgcePerKwh: 0.1229, source: 'GB/T 2589-2020' },
  lines: [
    summary(1, 'Press line', 'electricity', 4.4, 4, 'over'),
    summary(2, 'Paint line', 'electricity', 2.5, 3, 'ok'),
    summary(3, 'Wash line', 'water', 1, null, 'noTarget'),
    summary(4, 'Packing', 'electricity', null, 2, 'noOutput'),
  ],
};
const channel = 'production:line-sec:yesterday';

describe('line-sec channel', () => {
  it('names the period and reads it back', () => {
    expect(lineSecWidget.channels({}, lineSecWidget.options.parse({}))).toEqual(['production:line-sec:today']);
    expect(lineSecWidget.channels({}, lineSecWidget.options.parse({ period: 'yesterday' }))).toEqual([channel]);
    expect(parseLineSecChannel(lineSecChannel('last30'))).toBe('last30');
    expect(parseLineSecChannel('production:line-sec:tomorrow')).toBeNull();
  });

  it('puts every line on one scale: the largest SEC or target plus a tenth', () => {
    const bars = lineSecBars(data, { secUnit: 'kwh', digits: 2, maxLines: 8 });
    // top = max(4.4, 4, 2.5, 3, 1, 2) × 1.1 = 4.84; press 4.4 / 4.84 = 0.909…, its target 4 / 4.84 = 0.826…
    expect(bars[0]!.length).toBeCloseTo(4.4 / 4.84, 12);
    expect(bars[0]!.targetAt).toBeCloseTo(4 / 4.84, 12);
    expect(bars.map((bar) => [bar.name, bar.secText, bar.targetText, bar.unit, bar.status])).toEqual([
      ['Press line', '4.4', '4', 'kWh', 'over'],
      ['Paint line', '2.5', '3', 'kWh', 'ok'],
      ['Wash line', '1', null, 'm³', 'noTarget'],
      ['Packing', '–', '2', 'kWh', 'noOutput'],
    ]);
    expect(bars[3]!.length).toBe(0);
  });

  it('converts SEC and targets to kgce with the stated factor, and leaves water and gas lines without kgce', () => {
    const bars = lineSecBars(data, { secUnit: 'kgce', digits: 3, maxLines: 2 });
    // 4.4 × 0.1229 = 0.54076 → "0.541"; target 4 × 0.1229 = 0.4916 → "0.492"
    expect(bars.map((bar) => [bar.secText, bar.targetText, bar.unit])).toEqual([
      ['0.541', '0.492', 'kgce'],
      ['0.307', '0.369', 'kgce'],
    ]);
    const water = lineSecBars(data, { secUnit: 'kgce', digits: 3, maxLines: 8 })[2]!;
    expect([water.sec, water.targetText]).toEqual([null, null]);
  });
});

describe('LineSecWidget', () => {
  it('shows one row per line with the figure, the target and the over-target state', () => {
    const html = renderWidgetHtml(lineSecWidget, LineSecWidget, { options: { period: 'yesterday' }, readings: { [channel]: reading(data) } });
    expect(html).toContain('Yesterday · energy per standard unit');
    expect(html.match(/data-testid="line-sec-row"/g)).toHaveLength(4);
    expect(html).toMatch(/data-status="over"/);
    expect(html).toMatch(/data-testid="line-sec-value"[^>]*>4.4</);
    expect(html).toContain('target 4');
    expect(html).toContain('no output');
    expect(html.match(/data-testid="line-sec-target"/g)).toHaveLength(3);
  });

  it('speaks Chinese, and says when there is nothing to show', () => {
    const html = renderWidgetHtml(lineSecWidget, LineSecWidget, { options: { period: 'yesterday' }, readings: { [channel]: reading(data) }, language: 'zh' });
    expect(html).toContain('昨日 · 单位标准产量能耗');
    expect(html).toContain('目标 4');
    expect(
      renderWidgetHtml(lineSecWidget, LineSecWidget, { options: { period: 'yesterday' }, readings: { [channel]: reading({ ...data, lines: [] }) } }),
    ).toContain('No production lines');
    expect(renderWidgetHtml(lineSecWidget, LineSecWidget, {})).toContain('No data yet');
  });
});
