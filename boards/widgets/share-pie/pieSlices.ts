import type { EnergyRows } from '../../charts/energyRows';
import type { SharePieOptions } from './options';

export interface PieSlice {
  name: string;
  value: number;
  /** "42.5%": of everything the pie stands for (the ranking's whole, or the bound ids' sum). */
  percent: string;
}

/** Everything the pie stands for: the rows plus what a top-N ranking left out (shown as Others or not). */
export const pieWhole = (data: EnergyRows): number => data.rows.reduce((sum, row) => sum + row.energy, 0) + data.rest;

/** The slices with their percentages; "Others" (what a top-N ranking left out) last when asked for and non-zero. */
export function pieSlices(data: EnergyRows, othersName: string, { showOthers, digits }: Pick<SharePieOptions, 'showOthers' | 'digits'>): PieSlice[] {
  const slices = data.rows.map((row) => ({ name: row.name, value: row.energy }));
  if (showOthers && data.rest > 0) slices.push({ name: othersName, value: data.rest });
  const total = pieWhole(data);
  return slices.map((slice) => ({ ...slice, percent: `${(total > 0 ? (slice.value / total) * 100 : 0).toFixed(digits)}%` }));
}
