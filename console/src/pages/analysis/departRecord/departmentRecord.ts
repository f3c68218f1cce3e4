import type { DepartmentNode } from '@shared/resources';
import type { RollupResult } from '@shared/schemas/energy';
import { departmentsInTreeOrder } from '../shared/departmentTree';
import { periodLabel } from '../shared/periods';
import { addEnergy, seriesValues, sumEnergy } from '../shared/sumSeries';

/** One department's line of the record: its energy per period and over the range. */
export interface RecordRow {
  id: number;
  name: string;
  code: string;
  /** 0 for a top-level department: the indent of the name. */
  depth: number;
  energy: number[];
  total: number;
}

export interface DepartmentRecord {
  periods: string[];
  /** Column titles for the periods (day `YYYY-MM-DD`, month `YYYY-MM`, hour `YYYY-MM-DD HH:00`). */
  labels: string[];
  rows: RecordRow[];
  /** The site per period: the top-level departments added (a department already holds what is below it). */
  site: { energy: number[]; total: number };
  unit: string;
}

/** Departments down in tree order, periods across: the department energy record. */
export function buildDepartmentRecord(departments: readonly DepartmentNode[], result: RollupResult): DepartmentRecord {
  const byId = new Map(result.series.map((series) => [series.scopeId, series]));
  const rows = departmentsInTreeOrder(departments).map(({ node, depth }) => {
    const series = byId.get(node.id);
    const energy = series ? seriesValues(result.periods, series.points) : result.periods.map(() => 0);
    return { id: node.id, name: node.name, code: node.code, depth, energy, total: series?.total ?? sumEnergy(energy) };
  });
  const topRows = rows.filter((row) => row.depth === 0);
  const siteEnergy = result.periods.map((_, i) => topRows.reduce((sum, row) => addEnergy(sum, row.energy[i] ?? 0), 0));
  return {
    periods: result.periods,
    labels: result.periods.map((period) => periodLabel(period, result.grain)),
    rows,
    site: { energy: siteEnergy, total: topRows.reduce((sum, row) => addEnergy(sum, row.total), 0) },
    unit: result.unit,
  };
}

/** The rollup query takes at most 200 ids: more departments are asked for in batches and put together. */
export const ROLLUP_ID_LIMIT = 200;

export function mergeRollups(parts: readonly RollupResult[]): RollupResult | undefined {
  const [first, ...rest] = parts;
  if (!first) return undefined;
  return { ...first, series: [...first.series, ...rest.flatMap((part) => part.series)] };
}

export function chunkIds(ids: readonly number[], size = ROLLUP_ID_LIMIT): number[][] {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}
