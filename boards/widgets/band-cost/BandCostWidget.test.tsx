import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget.test-util';
import BandCostWidget from './BandCostWidget';
import { bandCostWidget } from './descriptor';
import { bandCostChannel, parseBandCostChannel, type BandCostData } from './channel';
import { bandCostRows, moneyText, priceText } from './bandFormat';

const data: BandCostData = {
  computedAt: 1,
  periodKey: '2026-07-15',
  scopeName: 'Main Plant',
  unit: 'kWh',
  currency: 'CNY',
  // 100 kWh sharp × 1.2345 = 123.45; 300 peak × 1.0123 = 303.69; 400 flat × 0.6321 = 252.84; 200 valley × 0.3012 = 60.24
  bands: [
    { band: 'sharp', energy: 100, estimated: 0, costMinor: 12345 },
    { band: 'peak', energy: 300, estimated: 0, costMinor: 30369 },
    { band: 'flat', energy: 400, estimated: 25, costMinor: 25284 },
    { band: 'valley', energy: 200, estimated: 0, costMinor: 6024 },
  ],
  totalEnergy: 1000,
  totalCostMinor: 74022,
};

describe('band-cost channel', () => {
  it('names the site, a department or a meter, today or this month, and reads the name back', () => {
    expect(bandCostWidget.channels({}, bandCostWidget.options.parse({}))).toEqual(['tariff:bands:department:top:electricity:today']);
    expect(bandCostWidget.channels({ departmentIds: [3, 4], energyType: 'water' }, bandCostWidget.options.parse({ period: 'month' }))).toEqual([
      'tariff:bands:department:3:water:month',
    ]);
    expect(bandCostWidget.channels({ departmentIds: [3], meterIds: [33] }, bandCostWidget.options.parse({}))).toEqual([
      'tariff:bands:meter:33:electricity:today',
    ]);
    expect(parseBandCostChannel(bandCostChannel({ scope: 'meter', id: 33, energyType: 'gas', period: 'month' }))).toEqual({
      scope: 'meter',
      id: 33,
      energyType: 'gas',
      period: 'month',
    });
    for (const bad of [
      'tariff:bands:meter:top:electricity:today',
      'tariff:bands:department:0:electricity:today',
      'tariff:bands:site:1:electricity:today',
      'tariff:bands:department:1:electricity:year',
    ])
      expect(parseBandCostChannel(bad), bad).toBeNull();
  });
});

describe('band-cost figures', () => {
  it('formats money from minor units and prices from micro-units without rounding', () => {
    expect(moneyText(74022, 'CNY')).toBe('¥740.22');
    expect(moneyText(123456789, 'CNY')).toBe('¥1,234,567.89');
    expect(moneyText(-5, 'EUR')).toBe('-€0.05');
    expect(moneyText(100, 'CHF')).toBe('CHF 1.00');
    expect(moneyText(null, 'CNY')).toBe('–');
    expect(priceText(1_234_500, 'CNY', 'kWh')).toBe('¥1.2345/kWh');
    expect(priceText(300_000, 'CNY', 'm³')).toBe('¥0.30/m³');
    expect(priceText(1_012_301, 'CNY', '')).toBe('¥1.012301');
  });

  it('gives each band its colour, figures and share of the energy', () => {
    const rows = bandCostRows(data, 0);
    expect(rows.map((row) => [row.band, row.colour, row.energyText, row.costText, row.shareText, row.estimated])).toEqual([
      ['sharp', '#e8453c', '100', '¥123.45', '10.0%', false],
      ['peak', '#f59a23', '300', '¥303.69', '30.0%', false],
      ['flat', '#4a90e2', '400', '¥252.84', '40.0%', true],
      ['valley', '#2bb673', '200', '¥60.24', '20.0%', false],
    ]);
  });
});

describe('BandCostWidget', () => {
  const channel = 'tariff:bands:department:top:electricity:today';

  it('says so before the first figures and when nothing is priced', () => {
    expect(renderWidgetHtml(bandCostWidget, BandCostWidget, {})).toContain('No data yet');
    const empty = reading({ ...data, bands: [], totalEnergy: 0, totalCostMinor: null });
    expect(renderWidgetHtml(bandCostWidget, BandCostWidget, { readings: { [channel]: empty } })).toContain('No priced energy yet');
  });

  it('draws the totals, one bar segment per band in its colour and the band lines', () => {
    const html = renderWidgetHtml(bandCostWidget, BandCostWidget, { readings: { [channel]: reading(data) } });
    expect(html).toContain('data-testid="band-cost-energy"');
    expect(html).toMatch(/data-testid="band-cost-energy"[^>]*>1,000<span[^>]*>kWh<\/span>/);
    expect(html).toMatch(/data-testid="band-cost-cost"[^>]*>¥740.22</);
    expect(html).toContain('Energy today · Main Plant');
    expect([...html.matchAll(/data-band="(\w+)" style="width:([\d.]+)%;background:(#\w+)"/g)].map((m) => [m[1], m[2], m[3]])).toEqual([
      ['sharp', '10.00', '#e8453c'],
      ['peak', '30.00', '#f59a23'],
      ['flat', '40.00', '#4a90e2'],
      ['valley', '20.00', '#2bb673'],
    ]);
    expect(html).toContain('Sharp');
    expect(html).toContain('title="Includes estimated (completed) energy">~400 ');
  });

  it('speaks Chinese on a Chinese wall', () => {
    const html = renderWidgetHtml(bandCostWidget, BandCostWidget, {
      readings: { ['tariff:bands:department:top:electricity:month']: reading(data) },
      options: { period: 'month' },
      language: 'zh',
    });
    expect(html).toContain('本月用量 · Main Plant');
    expect(html).toContain('本月费用');
    for (const band of ['尖峰', '高峰', '平段', '低谷']) expect(html).toContain(`>${band}<`);
  });
});
