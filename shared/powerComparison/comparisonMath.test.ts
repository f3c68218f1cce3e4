import { describe, expect, it } from 'vitest';
import { comparePeriods, comparisonTotals, judgePeriod, splitProRata, type PeriodWindow } from './comparisonMath';
import { percentToBp, toleranceBodySchema } from './api';

const H = 3_600_000;
const D = 24 * H;
/** Three days starting at instant 0 (the server cuts real ones at local midnights). */
const days: PeriodWindow[] = [
  { period: 'd1', from: 0, to: D },
  { period: 'd2', from: D, to: 2 * D },
  { period: 'd3', from: 2 * D, to: 3 * D },
];

describe('splitProRata', () => {
  it('gives each day of a 31-day monthly row 1/31 of it', () => {
    // 3 100 kWh over 31 days → 100 kWh a day; the windows are the month's first three days.
    const shares = splitProRata([{ start: 0, end: 31 * D, value: 3100 }], days);
    expect(shares.map((s) => s.imported)).toEqual([100, 100, 100]);
    expect(shares.map((s) => s.coverage)).toEqual([1, 1, 1]);
  });

  it('splits a row over a day boundary by time and measures the covered share', () => {
    // 30 kWh from 18:00 of day 1 to 06:00 of day 2 (12 h): 6 h each side → 15 + 15; each day covered 6/24 = 0.25.
    const shares = splitProRata([{ start: 18 * H, end: 30 * H, value: 30 }], days);
    expect(shares).toEqual([
      { imported: 15, coverage: 0.25 },
      { imported: 15, coverage: 0.25 },
      { imported: null, coverage: 0 },
    ]);
  });

  it('sums overlapping rows but counts their covered time once', () => {
    // Two rows over the whole of day 1 (10 + 20 kWh): imported 30, coverage 1 (not 2).
    const shares = splitProRata(
      [
        { start: 0, end: D, value: 10 },
        { start: 0, end: D, value: 20 },
      ],
      days.slice(0, 1),
    );
    expect(shares).toEqual([{ imported: 30, coverage: 1 }]);
  });
});

describe('judgePeriod (tolerance 5 % = 500 bp)', () => {
  it('flags 106 against 100 (6 %) and not 105 against 100 (exactly 5 %)', () => {
    expect(judgePeriod(106, 100, 1, 500)).toEqual({ difference: 6, percent: 6, judged: true, flagged: true });
    expect(judgePeriod(105, 100, 1, 500)).toEqual({ difference: 5, percent: 5, judged: true, flagged: false });
    // Below as well: 94 against 100 is −6 %.
    expect(judgePeriod(94, 100, 1, 500).flagged).toBe(true);
  });

  it('flags imported > 0 when metered is 0 (no percent), not 0 against 0', () => {
    expect(judgePeriod(12, 0, 1, 500)).toEqual({ difference: 12, percent: null, judged: true, flagged: true });
    expect(judgePeriod(0, 0, 1, 500)).toEqual({ difference: 0, percent: null, judged: true, flagged: false });
  });

  it('does not judge a period the rows cover only in part, nor one without rows', () => {
    expect(judgePeriod(50, 100, 0.5, 500)).toEqual({ difference: -50, percent: -50, judged: false, flagged: false });
    expect(judgePeriod(null, 100, 0, 500)).toEqual({ difference: null, percent: null, judged: false, flagged: false });
  });

  it('an override of 10 % lets 108 against 100 pass', () => {
    expect(judgePeriod(108, 100, 1, percentToBp(10)).flagged).toBe(false);
    expect(judgePeriod(108, 100, 1, percentToBp(7.5)).flagged).toBe(true);
  });
});

describe('comparePeriods and totals', () => {
  it('a monthly row split over days against the metered days, one flagged', () => {
    // Imported 3 100 kWh over 31 days = 100 a day. Metered: d1 100 (0 %), d2 90 (+11.11 %: flagged), d3 none (0: flagged).
    const periods = comparePeriods(
      days,
      [{ start: 0, end: 31 * D, value: 3100 }],
      new Map([
        ['d1', 100],
        ['d2', 90],
      ]),
      500,
    );
    expect(periods.map((p) => [p.period, p.imported, p.metered, p.difference, p.flagged])).toEqual([
      ['d1', 100, 100, 0, false],
      ['d2', 100, 90, 10, true],
      ['d3', 100, 0, 100, true],
    ]);
    expect(periods[1]!.percent).toBeCloseTo(11.111111, 5); // 10 / 90 × 100
    // Totals: imported 300, metered 190, difference 110, 110 / 190 × 100 = 57.894736…
    const totals = comparisonTotals(periods);
    expect(totals).toMatchObject({ imported: 300, metered: 190, difference: 110, periodsJudged: 3, flagged: 2 });
    expect(totals.percent).toBeCloseTo(57.894737, 5);
  });

  it('totals leave out periods without imported data and those imported in part', () => {
    const totals = comparisonTotals([
      { imported: 50, metered: 40, flagged: true, judged: true },
      { imported: null, metered: 1000, flagged: false, judged: false },
      { imported: 300, metered: 900, flagged: false, judged: false },
    ]);
    // 50 − 40 = 10; 10 / 40 = 25 %.
    expect(totals).toEqual({ imported: 50, metered: 40, difference: 10, percent: 25, periodsJudged: 1, flagged: 1 });
  });
});

describe('toleranceBodySchema', () => {
  it('takes 0 < percent ≤ 100 with two decimals, or null', () => {
    expect(toleranceBodySchema.parse({ objectType: 'meter', objectId: 3, tolerancePercent: 2.5 }).tolerancePercent).toBe(2.5);
    expect(toleranceBodySchema.parse({ objectType: 'department', objectId: 3, tolerancePercent: null }).tolerancePercent).toBeNull();
    const bad = (value: unknown) => toleranceBodySchema.safeParse({ objectType: 'meter', objectId: 3, tolerancePercent: value }).error?.issues[0]?.message;
    expect(bad(0)).toBe('tolerancePercent must be more than 0');
    expect(bad(101)).toBe('tolerancePercent must be at most 100');
    expect(bad(1.234)).toBe('tolerancePercent has at most two decimals');
  });
});
