// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@shared/format';
import { createI18n } from '@shared/i18n';
import { agoText } from '../../i18n/agoText';
import { axisDigits, formatReading, meterChartOption } from './meterChartOption';

interface Option {
  tooltip: { formatter: (params: { value: [number, number] }[]) => HTMLElement | string };
  yAxis: { name: string; axisLabel: { formatter: (value: number) => string } };
  series: { type: string; data: [number, number][]; showSymbol: boolean }[];
  dataZoom: { type: string }[];
}

describe('meter chart option', () => {
  const ts = new Date(2026, 10, 20, 8, 15, 0).getTime();

  it('shows the exact value with its unit and the date in the tooltip, as text', () => {
    const option = meterChartOption({ points: [[ts, 1234.5678]], label: '<b>Active energy</b>', unit: 'kWh' }) as unknown as Option;
    const content = option.tooltip.formatter([{ value: [ts, 1234.5678] }]) as HTMLElement;
    expect(content.textContent).toBe(`${formatDateTime(ts)}<b>Active energy</b>: 1,234.568 kWh`);
    expect(content.querySelector('b')).toBeNull();
  });

  it('abbreviates the value axis (spec §9), zooms, and drops symbols on dense lines', () => {
    const sparse = meterChartOption({ points: [[ts, 1]], label: 'Power', unit: 'kW' }) as unknown as Option;
    expect(sparse.yAxis.name).toBe('kW');
    expect(sparse.yAxis.axisLabel.formatter(2_345_678)).toBe('2.35M');
    expect(sparse.dataZoom.map((zoom) => zoom.type)).toEqual(['inside', 'slider']);
    expect(sparse.series[0]?.showSymbol).toBe(true);
    const points = Array.from({ length: 500 }, (_, index): [number, number] => [ts + index * 1000, index]);
    expect((meterChartOption({ points, label: 'Power', unit: 'kW' }) as unknown as Option).series[0]?.showSymbol).toBe(false);
  });

  it('draws interval energy as bars', () => {
    const option = meterChartOption({ points: [[ts, 12.5]], label: 'Interval energy', unit: 'kWh', bars: true }) as unknown as Option;
    expect(option.series[0]?.type).toBe('bar');
    expect(option.series[0]?.data).toEqual([[ts, 12.5]]);
  });

  it('gives the axis labels enough decimals to tell the ticks apart', () => {
    expect(
      axisDigits([
        [0, 5991.7],
        [1, 6000.2],
      ]),
    ).toBe(3);
    expect(
      axisDigits([
        [0, 100],
        [1, 900],
      ]),
    ).toBe(0);
    expect(
      axisDigits([
        [0, 0.95],
        [1, 0.99],
      ]),
    ).toBe(3);
    expect(
      axisDigits([
        [0, 2_000_000],
        [1, 3_000_000],
      ]),
    ).toBe(1);
    expect(
      axisDigits([
        [0, 42],
        [1, 42],
      ]),
    ).toBe(2);
    expect(axisDigits([])).toBe(2);
  });

  it('formats a reading without a unit', () => {
    expect(formatReading(0.98, '')).toBe('0.98');
  });
});

describe('time ago', () => {
  const now = new Date(2026, 10, 20, 12, 0, 0).getTime();
  it('words each step in the screen language, then falls back to the date', () => {
    const en = createI18n('en').t;
    const zh = createI18n('zh').t;
    expect(agoText(en, now - 10_000, now)).toBe('just now');
    expect(agoText(en, now - 5 * 60_000, now)).toBe('5 min ago');
    expect(agoText(zh, now - 3 * 3600_000, now)).toBe('3 小时前');
    expect(agoText(en, now - 30 * 3600_000, now)).toBe('1 day ago');
    expect(agoText(en, now - 50 * 3600_000, now)).toBe(`on ${formatDateTime(now - 50 * 3600_000)}`);
  });
});
