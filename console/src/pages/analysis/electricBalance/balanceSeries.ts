import type { BalanceResult, RollupResult } from '@shared/schemas/energy';
import { addEnergy, seriesValues } from '../shared/sumSeries';

/** One stack of the balance chart: a child department or an own sub-meter, per period. */
export interface PartSeries {
  key: string;
  name: string;
  values: number[];
}

/** More stacks than this and the colours stop telling apart: the smallest parts are added into one. */
export const MAX_PART_STACKS = 8;

/**
 * The parts' energy per balance period, from the rollups of the child departments and of the own
 * sub-meters; largest part first, the smallest folded into `othersName` beyond MAX_PART_STACKS.
 */
export function partSeries(
  balance: Pick<BalanceResult, 'parts' | 'periods'>,
  rollups: { department?: RollupResult | undefined; meter?: RollupResult | undefined },
  othersName: string,
): PartSeries[] {
  const periods = balance.periods.map((row) => row.period);
  const stacks = [...balance.parts]
    .sort((a, b) => b.total - a.total)
    .map((part) => {
      const series = rollups[part.kind]?.series.find((candidate) => candidate.scopeId === part.id);
      return { key: `${part.kind}-${part.id}`, name: part.name, values: series ? seriesValues(periods, series.points) : periods.map(() => 0) };
    });
  if (stacks.length <= MAX_PART_STACKS) return stacks;
  const kept = stacks.slice(0, MAX_PART_STACKS - 1);
  const folded = stacks.slice(MAX_PART_STACKS - 1);
  const others = periods.map((_, i) => folded.reduce((sum, stack) => addEnergy(sum, stack.values[i] ?? 0), 0));
  return [...kept, { key: 'others', name: othersName, values: others }];
}

/** Each part's share of the department's own figure (0 when that is 0). */
export const shareOfParent = (total: number, parent: number): number => (parent > 0 ? total / parent : 0);
