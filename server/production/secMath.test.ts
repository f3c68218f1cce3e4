import { describe, expect, it } from 'vitest';
import { fitLine, normalisedSavings, periodOf, secFigures } from './secMath';

const point = (day: string, standardOutput: number, energy: number) => ({ day, standardOutput, energy });

describe('baseline regression energy = a + b × output', () => {
  // x = 10, 20, 30, 40, 50; y = 25, 44, 66, 84, 101. x̄ = 30, ȳ = 320 / 5 = 64.
  // dx = −20 −10 0 10 20, dy = −39 −20 2 20 37: Sxy = 780 + 200 + 0 + 200 + 740 = 1920, Sxx = 1000, Syy = 1521 + 400 + 4 + 400 + 1369 = 3694.
  // b = 1920 / 1000 = 1.92, a = 64 − 1.92 × 30 = 6.4. Fitted 25.6 44.8 64 83.2 102.4, residuals −0.6 −0.8 2 0.8 −1.4,
  // SSres = 0.36 + 0.64 + 4 + 0.64 + 1.96 = 7.6, R² = 1 − 7.6 / 3694 = 0.99794261…
  const baseline = [point('d1', 10, 25), point('d2', 20, 44), point('d3', 30, 66), point('d4', 40, 84), point('d5', 50, 101)];

  it('fits a, b and R² as worked by hand', () => {
    const fit = fitLine(baseline);
    if (typeof fit === 'string') throw new Error(fit);
    expect(fit.n).toBe(5);
    expect(fit.b).toBeCloseTo(1.92, 12);
    expect(fit.a).toBeCloseTo(6.4, 12);
    expect(fit.r2).toBeCloseTo(1 - 7.6 / 3694, 12);
    expect(fit.r2).toBeCloseTo(0.99794261, 8);
  });

  it('needs three days with output, and more than one output level', () => {
    expect(fitLine(baseline.slice(0, 2))).toBe('tooFewDays');
    expect(fitLine([point('a', 10, 20), point('b', 10, 25), point('c', 10, 30)])).toBe('noSpread');
  });

  it('gives no savings for more output alone, and counts energy below the expectation as saved', () => {
    // Output 60 and 80 on the model exactly: expected 6.4 + 115.2 = 121.6 and 6.4 + 153.6 = 160, actual the same → 0.
    const more = normalisedSavings({ a: 6.4, b: 1.92 }, [point('r1', 60, 121.6), point('r2', 80, 160)]);
    expect(more.expected).toBeCloseTo(281.6, 10);
    expect(more.savings).toBeCloseTo(0, 10);
    // The same output with 10 % less energy: expected 281.6, actual 253.44 → savings 28.16 (10 %).
    const better = normalisedSavings({ a: 6.4, b: 1.92 }, [point('r1', 60, 109.44), point('r2', 80, 144)]);
    expect(better.savings).toBeCloseTo(28.16, 10);
    expect(better.savingsPercent).toBeCloseTo(10, 10);
    expect(better.days.map((d) => d.savings)).toEqual([expect.closeTo(12.16, 10), expect.closeTo(16, 10)]);
  });
});

describe('SEC figures and periods', () => {
  it('divides energy by standard output, in kWh and in kgce (0.1229 kgce/kWh), against the target', () => {
    // 172.8 kWh for 68 standard units: 2.5411764… kWh/unit, 0.31231058… kgce/unit; target 3 → −15.29 %.
    const figures = secFigures(172.8, 68, 3, true);
    expect(figures.secKwh).toBeCloseTo(172.8 / 68, 12);
    expect(figures.energyKgce).toBeCloseTo(21.23712, 10);
    expect(figures.secKgce).toBeCloseTo((172.8 / 68) * 0.1229, 12);
    expect(figures.vsTargetPercent).toBeCloseTo(((172.8 / 68 - 3) / 3) * 100, 10);
    expect(secFigures(10, 0, 3, true)).toMatchObject({ secKwh: null, secKgce: null, vsTargetPercent: null });
    expect(secFigures(10, 5, null, false)).toMatchObject({ secKwh: 2, energyKgce: null, secKgce: null });
  });

  it('labels a day by itself, its ISO week by the Monday, its month by YYYY-MM', () => {
    // 2026-03-08 is a Sunday: its week started on Monday 2 March.
    expect([periodOf('2026-03-08', 'day'), periodOf('2026-03-08', 'week'), periodOf('2026-03-02', 'week'), periodOf('2026-03-08', 'month')]).toEqual([
      '2026-03-08',
      '2026-03-02',
      '2026-03-02',
      '2026-03',
    ]);
  });
});
