import { describe, expect, it } from 'vitest';
import type { ShipCiiYearsAnswer } from '@shared/ships/api';
import { ciiChartOption, ciiChartYears } from './ciiChart';

const bounds = (required: number) => ({ superior: 0.86 * required, lower: 0.94 * required, upper: 1.06 * required, inferior: 1.18 * required });
const answer: ShipCiiYearsAnswer = {
  shipId: 1,
  years: [
    { year: 2023, yearToDate: false, distanceNm: 1, co2Tonnes: 1, attained: 3.5, required: 4, boundaries: bounds(4), letter: 'B' },
    { year: 2024, yearToDate: true, distanceNm: 1, co2Tonnes: 1, attained: 3.6, required: 3.9, boundaries: bounds(3.9), letter: 'C' },
  ],
  projectedFrom: 2024,
  projection: [
    { year: 2024, required: 3.9, boundaries: bounds(3.9), letter: 'C' },
    { year: 2025, required: 3.8, boundaries: bounds(3.8), letter: 'C' },
  ],
  dropYear: null,
};

describe('the CII chart', () => {
  it('takes rated years first, then the projection, and carries the latest attained forward from its year', () => {
    expect(ciiChartYears(answer).map((row) => [row.year, row.required, row.attained, row.yearToDate, row.projected])).toEqual([
      [2023, 4, 3.5, null, null],
      [2024, 3.9, null, 3.6, 3.6],
      [2025, 3.8, null, null, 3.6],
    ]);
  });

  it('stacks the bands so each bar ends on its boundary', () => {
    const labels = { band: (letter: string) => letter, required: 'r', attained: 'a', yearToDate: 'y', projection: 'p', unit: 'u' };
    type Bar = number | { value: number; label: { position: string } };
    const option = ciiChartOption(ciiChartYears(answer), labels, null) as { series: { data: Bar[] }[]; yAxis: { min: number; max: number } };
    const heights = (bars: Bar[] | undefined) => (bars ?? []).map((bar) => (typeof bar === 'number' ? bar : bar.value));
    const [a, b, c, d] = option.series.slice(0, 4).map((series) => ({ data: heights(series.data) }));
    // 2023: A ends on superior 3.44, A + B on lower 3.76, + C on upper 4.24, + D on inferior 4.72.
    expect(a?.data[0]).toBeCloseTo(3.44, 10);
    expect((a?.data[0] ?? 0) + (b?.data[0] ?? 0)).toBeCloseTo(3.76, 10);
    expect((a?.data[0] ?? 0) + (b?.data[0] ?? 0) + (c?.data[0] ?? 0)).toBeCloseTo(4.24, 10);
    expect((a?.data[0] ?? 0) + (b?.data[0] ?? 0) + (c?.data[0] ?? 0) + (d?.data[0] ?? 0)).toBeCloseTo(4.72, 10);
    // Lowest figure 0.86 × 3.8 = 3.268, highest 4.72: span 1.452; the axis runs 3.268 − 0.363 = 2.905 to 4.72 + 0.2904 = 5.0104.
    expect(option.yAxis.min).toBeCloseTo(2.905, 10);
    // The band letters only on the first and last year, at the bar's outer edge (the lines end mid-bar).
    const letters = option.series[0]?.data.map((bar) => (typeof bar === 'number' ? null : bar.label.position));
    expect(letters?.[0]).toBe('insideLeft');
    expect(letters?.at(-1)).toBe('insideRight');
    expect(letters?.slice(1, -1).every((position) => position === null)).toBe(true);
    expect(option.yAxis.max).toBeCloseTo(5.0104, 10);
  });
});
