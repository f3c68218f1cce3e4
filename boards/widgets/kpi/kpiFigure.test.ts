import { describe, expect, it } from 'vitest';
import { kpiFigureFontPx, kpiTrend, kpiValueText, sparklinePoints } from './kpiFigure';
import { kpiWidget } from './descriptor';
import { kpiOptions } from './options';

describe('kpi descriptor', () => {
  it('has defaults for every option', () => {
    expect(kpiOptions.parse({})).toEqual({ digits: 1, unit: '', trendMinutes: 15, sparkline: true, sparklinePoints: 90, showToday: false });
    expect(kpiWidget.defaultSize).toEqual({ w: 4, h: 4 });
    expect(kpiWidget.nameKey).toBe('chartWidgets.names.kpi');
  });

  it('reads the first bound meter’s latest values, and today’s energy when asked', () => {
    const options = kpiOptions.parse({});
    expect(kpiWidget.channels({ meterIds: [42, 7], metric: 'kw' }, options)).toEqual(['meter:42:latest']);
    expect(kpiWidget.channels({ meterIds: [42], energyType: 'water' }, { ...options, showToday: true })).toEqual([
      'meter:42:latest',
      'energy:series:meter:42:water:day:1',
    ]);
    expect(kpiWidget.channels({}, options)).toEqual([]);
  });

  it('refuses options out of range', () => {
    expect(kpiOptions.safeParse({ trendMinutes: 0 }).success).toBe(false);
    expect(kpiOptions.safeParse({ sparklinePoints: 601 }).success).toBe(false);
  });
});

describe('kpi figure', () => {
  it('prints the figure with fixed decimals and thousands separators', () => {
    expect(kpiValueText(1234567.891, 1)).toBe('1,234,567.9');
    expect(kpiValueText(12, 2)).toBe('12.00');
    expect(kpiValueText(-0.04, 1)).toBe('0.0');
    expect(kpiValueText(-1500.25, 0)).toBe('-1,500');
    expect(kpiValueText(Number.NaN, 1)).toBe('–');
  });

  it('compares with the value a window ago at the shown decimals', () => {
    expect(kpiTrend(120.5, 100, 1)).toEqual({ direction: 'up', change: '20.5' });
    expect(kpiTrend(1000, 2500.25, 1)).toEqual({ direction: 'down', change: '1,500.3' });
    expect(kpiTrend(100.04, 100, 1)).toEqual({ direction: 'flat', change: '0' });
    expect(kpiTrend(100, undefined, 1)).toBeNull();
  });

  it('sizes the figure to the design size, the tile height and the text width', () => {
    expect(kpiFigureFontPx('12.5', 'kW', { width: 400, height: 200, scale: 1 })).toBe(48);
    expect(kpiFigureFontPx('12.5', 'kW', { width: 400, height: 200, scale: 2 })).toBe(90);
    expect(kpiFigureFontPx('1,234,567.9', 'kWh', { width: 200, height: 200, scale: 1 })).toBe(23);
  });

  it('draws the sparkline over the window, lowest value at the bottom', () => {
    const box = { width: 100, height: 20, stroke: 2, from: 0, to: 100 };
    expect(
      sparklinePoints(
        [
          [0, 10],
          [50, 20],
          [100, 15],
        ],
        box,
      ),
    ).toBe('1,19 50,1 99,10');
    expect(
      sparklinePoints(
        [
          [50, 5],
          [100, 5],
        ],
        box,
      ),
    ).toBe('50,10 99,10');
    expect(sparklinePoints([[100, 5]], box)).toBe('');
  });
});
