import { describe, expect, it } from 'vitest';
import { abbreviateNumber } from '@shared/format';
import { categoryLabelEvery, clockLabel, fitsSpacing, timeTicks, valueTicks } from './axisTicks';

const oneDigit = (value: number) => abbreviateNumber(value, 1);

describe('valueTicks', () => {
  it('widens the extent to nice ticks, as many as the axis has room for', () => {
    expect(valueTicks([12_000, 12_500], oneDigit, fitsSpacing(200, 40))).toEqual({
      domain: [12_000, 12_500],
      ticks: ['12k', '12.1k', '12.2k', '12.3k', '12.4k', '12.5k'].map((label, index) => ({ value: 12_000 + index * 100, label })),
    });
    expect(valueTicks([0, 12_500.46], oneDigit, fitsSpacing(100, 40)).ticks.map((tick) => tick.label)).toEqual(['0', '10k', '20k']);
  });

  it('never repeats a label: at 0 digits 40.5 would read like 41', () => {
    const whole = (value: number) => abbreviateNumber(value, 0);
    expect(valueTicks([40, 42.5], whole, () => true).ticks.map((tick) => tick.label)).toEqual(['40', '41', '42', '43']);
  });

  it('adds digits only when every count of ticks would repeat a label', () => {
    const ticks = valueTicks([1004, 1010], (value, extra) => abbreviateNumber(value, 1 + extra), fitsSpacing(100, 30));
    // At one digit 1,004 … 1,010 all read "1k"; at two, 1,005 and 1,010 both "1.01k".
    expect(ticks).toEqual({ domain: [1004, 1010], ticks: ['1.004k', '1.006k', '1.008k', '1.01k'].map((label, index) => ({ value: 1004 + 2 * index, label })) });
    expect(valueTicks([1004, 1010], (value, extra) => abbreviateNumber(value, 1 + extra), fitsSpacing(200, 30)).ticks.map((tick) => tick.label)).toEqual([
      '1.004k',
      '1.005k',
      '1.006k',
      '1.007k',
      '1.008k',
      '1.009k',
      '1.01k',
    ]);
  });

  it('gives a flat reading an axis around it, and a tiny axis only its top label', () => {
    expect(valueTicks([50, 50], oneDigit, () => true).domain).toEqual([45, 55]);
    expect(valueTicks([0, 0], oneDigit, () => true).domain).toEqual([0, 1]);
    expect(valueTicks([0, 100], oneDigit, () => false)).toEqual({ domain: [0, 100], ticks: [{ value: 100, label: '100' }] });
  });
});

describe('time ticks', () => {
  const ten = new Date(2024, 0, 15, 10, 0).getTime();

  it('ticks on round local times with the finest step that keeps labels apart', () => {
    expect(timeTicks(ten - 30_000, ten + 15 * 60_000, 450, 50).map((tick) => tick.label)).toEqual([
      '10:00',
      '10:02',
      '10:04',
      '10:06',
      '10:08',
      '10:10',
      '10:12',
      '10:14',
    ]);
    expect(timeTicks(ten, ten + 24 * 3_600_000, 300, 50).map((tick) => tick.label)).toEqual(['12:00', '16:00', '20:00', '00:00', '04:00', '08:00']);
    expect(timeTicks(ten + 10_000, ten + 70_000, 800, 50)).toEqual([{ value: ten + 60_000, label: '10:01' }]);
  });

  it('has no ticks on an empty window or axis', () => {
    expect(timeTicks(ten, ten, 300, 50)).toEqual([]);
    expect(timeTicks(ten, ten + 60_000, 0, 50)).toEqual([]);
  });

  it('labels HH:mm', () => expect(clockLabel(new Date(2024, 0, 15, 7, 5).getTime())).toBe('07:05'));
});

describe('categoryLabelEvery', () => {
  it('names every category while there is room, else every 2nd, 3rd…', () => {
    expect(categoryLabelEvery(30, 20)).toBe(1);
    expect(categoryLabelEvery(7.3, 20)).toBe(3);
    expect(categoryLabelEvery(0, 20)).toBe(1);
  });
});
