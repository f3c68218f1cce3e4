import type { RollupResult } from '@shared/schemas/energy';
import { periodLabel } from '../shared/periods';
import { seriesValues } from '../shared/sumSeries';

/** One item (department, sub-item or meter) as a table column. */
export interface RollupColumn {
  scopeId: number;
  name: string;
}

/** One period as a table row; `energy[i]` belongs to `columns[i]`. */
export interface RollupRow {
  key: string;
  label: string;
  energy: number[];
}

export interface RollupTable {
  columns: RollupColumn[];
  rows: RollupRow[];
  /** Each item's total over the range (the server's figure). */
  totals: number[];
}

/** Periods down, chosen items across, totals at the foot: the basic statistics table. */
export function buildRollupTable(result: RollupResult): RollupTable {
  const columns = result.series.map(({ scopeId, name }) => ({ scopeId, name }));
  const perSeries = result.series.map((series) => seriesValues(result.periods, series.points));
  const rows = result.periods.map((period, row) => ({
    key: period,
    label: periodLabel(period, result.grain),
    energy: perSeries.map((values) => values[row] ?? 0),
  }));
  return { columns, rows, totals: result.series.map((series) => series.total) };
}
