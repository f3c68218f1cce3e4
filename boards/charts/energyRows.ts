import type { EnergyRankingData, EnergySeriesData } from '@shared/board/channels';

export interface EnergyRow {
  scopeId: number;
  name: string;
  energy: number;
}

export interface EnergyRows {
  unit: string;
  rows: EnergyRow[];
  /** Energy of the entities a top-N ranking left out (0 for a series: it holds every bound id). */
  rest: number;
}

/**
 * Rows of a bar or pie from either energy payload: a series gives each bound id's total over the window
 * (in the binding's order), a ranking its top rows. The ranking's shares are of all candidates, so what the
 * top N leave out is total − shown, with total = shown ÷ Σshare.
 */
export function energyRows(data: EnergySeriesData | EnergyRankingData): EnergyRows {
  if ('series' in data) return { unit: data.unit, rows: data.series.map(({ scopeId, name, total }) => ({ scopeId, name, energy: total })), rest: 0 };
  const rows = data.rows.map(({ scopeId, name, energy }) => ({ scopeId, name, energy }));
  const shown = rows.reduce((sum, row) => sum + row.energy, 0);
  const share = data.rows.reduce((sum, row) => sum + row.share, 0);
  const total = share > 0 ? shown / share : shown;
  // Shares are rounded to 1e-6: a remainder within that is rounding, not energy.
  const rest = total - shown > total * 1e-5 ? Math.round((total - shown) * 1000) / 1000 : 0;
  return { unit: data.unit, rows, rest };
}
