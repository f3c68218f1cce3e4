import type { RollupResult } from '@shared/schemas/energy';

/** Adds figures without binary noise piling up (0.1 + 0.2): energy is shown to at most 3 decimals. */
export const addEnergy = (a: number, b: number): number => Math.round((a + b) * 1e6) / 1e6;

export const sumEnergy = (values: readonly number[]): number => values.reduce(addEnergy, 0);

/** The series of a rollup added period by period (e.g. the top-level departments → the site). */
export function sumSeriesByPeriod(result: Pick<RollupResult, 'periods' | 'series'>): number[] {
  const index = new Map(result.periods.map((period, i) => [period, i]));
  const sums = result.periods.map(() => 0);
  for (const series of result.series) {
    for (const point of series.points) {
      const i = index.get(point.period);
      if (i !== undefined) sums[i] = addEnergy(sums[i]!, point.energy);
    }
  }
  return sums;
}

/** The energy of one series per period, in the order of `periods` (0 where it has no point). */
export function seriesValues(periods: readonly string[], points: readonly { period: string; energy: number }[]): number[] {
  const byPeriod = new Map(points.map((point) => [point.period, point.energy]));
  return periods.map((period) => byPeriod.get(period) ?? 0);
}
