import { afterEach, describe, expect, it, vi } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import CurrentBandWidget from './CurrentBandWidget';
import { currentBandWidget } from './descriptor';
import { currentBandChannel, parseCurrentBandChannel, type CurrentBandData } from './channel';
import { countdownParts } from './countdown';

const NOW = Date.parse('2026-07-15T02:18:00Z'); // 10:18 in Asia/Shanghai
const data: CurrentBandData = {
  computedAt: NOW,
  departmentId: 1,
  departmentName: 'Main Plant',
  tariffName: 'Industrial TOU (demo)',
  band: 'peak',
  priceMicro: 1_012_300,
  priceText: '1.012300',
  currency: 'CNY',
  unit: 'kWh',
  nextBand: 'sharp',
  changesAt: Date.parse('2026-07-15T03:00:00Z'),
  changesAtText: '11:00',
};
const channel = 'tariff:band-now:top:electricity';

afterEach(() => vi.useRealTimers());

describe('current-band channel', () => {
  it('names the department (or the site) and energy type, and reads the name back', () => {
    expect(currentBandWidget.channels({}, currentBandWidget.options.parse({}))).toEqual([channel]);
    expect(currentBandWidget.channels({ departmentIds: [7], energyType: 'gas' }, currentBandWidget.options.parse({}))).toEqual(['tariff:band-now:7:gas']);
    expect(parseCurrentBandChannel(currentBandChannel({ departmentId: 7, energyType: 'water' }))).toEqual({ departmentId: 7, energyType: 'water' });
    expect(parseCurrentBandChannel('tariff:band-now:top:electricity')).toEqual({ departmentId: null, energyType: 'electricity' });
    for (const bad of ['tariff:band-now:x:electricity', 'tariff:band-now:1', 'tariff:band-now:1:Electricity:x'])
      expect(parseCurrentBandChannel(bad), bad).toBeNull();
  });

  it('counts down in whole minutes, rounded up', () => {
    expect(countdownParts(NOW + 42 * 60_000, NOW)).toEqual({ hours: 0, minutes: 42 });
    expect(countdownParts(NOW + 30_000, NOW)).toEqual({ hours: 0, minutes: 1 });
    expect(countdownParts(NOW + (125 * 60 - 10) * 1000, NOW)).toEqual({ hours: 2, minutes: 5 });
    expect(countdownParts(NOW, NOW)).toBeNull();
    expect(countdownParts(null, NOW)).toBeNull();
  });
});

describe('CurrentBandWidget', () => {
  it('shows the band in its colour, the price per unit and the next change with a countdown', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const html = renderWidgetHtml(currentBandWidget, CurrentBandWidget, { readings: { [channel]: reading(data) } });
    expect(html).toMatch(/data-testid="current-band-name" style="[^"]*color:#f59a23">Peak</);
    expect(html).toMatch(/data-testid="current-band-price"[^>]*>¥1.0123\/kWh</);
    expect(html).toContain('Sharp peak from 11:00');
    expect(html).toMatch(/data-testid="current-band-countdown"[^>]*>in 42 min</);
    expect(html).toContain('Now · Main Plant');
    expect(html).toContain('Industrial TOU (demo)');
  });

  it('speaks Chinese, and says when no tariff applies', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW - 60 * 60_000);
    const html = renderWidgetHtml(currentBandWidget, CurrentBandWidget, { readings: { [channel]: reading(data) }, language: 'zh' });
    expect(html).toMatch(/data-testid="current-band-name"[^>]*>高峰</);
    expect(html).toContain('11:00 起为尖峰');
    expect(html).toContain('1 小时 42 分钟后');
    const none = reading({ ...data, tariffName: null, band: null, priceMicro: null, priceText: null, nextBand: null, changesAt: null, changesAtText: null });
    expect(renderWidgetHtml(currentBandWidget, CurrentBandWidget, { readings: { [channel]: none } })).toContain('No tariff applies here');
    expect(renderWidgetHtml(currentBandWidget, CurrentBandWidget, {})).toContain('No data yet');
  });
});
