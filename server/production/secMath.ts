import { KGCE_PER_KWH, type DayPoint, type SecFigures } from '@shared/production/api';

/**
 * The arithmetic of specific energy consumption, pure: no rounding anywhere (screens round what they show).
 * SEC = energy / standard output; kgce only for electricity (GB/T 2589-2020 equivalent value).
 */
export function secFigures(energy: number, standardOutput: number, targetSecKwh: number | null, electricity: boolean): SecFigures {
  const secKwh = standardOutput > 0 ? energy / standardOutput : null;
  return {
    energy,
    energyKgce: electricity ? energy * KGCE_PER_KWH : null,
    standardOutput,
    secKwh,
    secKgce: electricity && secKwh !== null ? secKwh * KGCE_PER_KWH : null,
    targetSecKwh,
    vsTargetPercent: secKwh !== null && targetSecKwh !== null && targetSecKwh > 0 ? ((secKwh - targetSecKwh) / targetSecKwh) * 100 : null,
  };
}

export interface LinearFit {
  n: number;
  a: number;
  b: number;
  /** null when every energy is the same (nothing to explain) */
  r2: number | null;
}

/**
 * Ordinary least squares energy = a + b × output (ISO 50006's simple regression baseline).
 * b = Σ(x − x̄)(y − ȳ) / Σ(x − x̄)², a = ȳ − b·x̄, R² = 1 − SSres / SStot.
 * Null when fewer than 3 points or every output is the same (no slope can be told).
 */
export function fitLine(points: readonly DayPoint[]): LinearFit | 'tooFewDays' | 'noSpread' {
  const n = points.length;
  if (n < 3) return 'tooFewDays';
  const meanX = points.reduce((sum, p) => sum + p.standardOutput, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.energy, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of points) {
    const dx = p.standardOutput - meanX;
    const dy = p.energy - meanY;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (sxx === 0) return 'noSpread';
  const b = sxy / sxx;
  const a = meanY - b * meanX;
  const ssRes = points.reduce((sum, p) => sum + (p.energy - (a + b * p.standardOutput)) ** 2, 0);
  return { n, a, b, r2: syy === 0 ? null : 1 - ssRes / syy };
}

/**
 * Normalised savings over reporting days: each day's expected energy from its own output through the baseline
 * model, savings = Σ expected − Σ actual. More output alone raises the expectation with it, so it is never a saving.
 */
export function normalisedSavings(fit: Pick<LinearFit, 'a' | 'b'>, days: readonly DayPoint[]) {
  const rows = days.map((day) => {
    const expected = fit.a + fit.b * day.standardOutput;
    return { ...day, expected, savings: expected - day.energy };
  });
  const expected = rows.reduce((sum, row) => sum + row.expected, 0);
  const actual = rows.reduce((sum, row) => sum + row.energy, 0);
  const savings = expected - actual;
  return { days: rows, expected, actual, savings, savingsPercent: expected !== 0 ? (savings / expected) * 100 : null };
}

/** Monday of the ISO week holding `day` (YYYY-MM-DD). */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
}

/** The period label of a day: the day, its week's Monday, or YYYY-MM. */
export const periodOf = (day: string, period: 'day' | 'week' | 'month'): string => (period === 'day' ? day : period === 'week' ? weekOf(day) : day.slice(0, 7));
