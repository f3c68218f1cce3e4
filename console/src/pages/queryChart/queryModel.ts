import type { RANGE_SHORTCUTS } from '@shared/format';
import type { RollupGrain } from '@shared/schemas/energy';

/** A range shortcut (today, this week …) the day pickers offer. */
export type ShortcutKey = (typeof RANGE_SHORTCUTS)[number]['key'];

/** What the chart is about: meters (a catalogue metric each) or departments (their energy rollups). */
export const QUERY_SOURCES = ['meters', 'departments'] as const;
export type QuerySource = (typeof QUERY_SOURCES)[number];

export const CHART_TYPES = ['line', 'bar'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Departments chart their energy; it is the only metric rollups have. */
export const DEPARTMENT_METRIC = 'energy';
/** Meters open on active power: what a live trend on a wall shows best. */
export const DEFAULT_METER_METRIC = 'kw';

/**
 * Most items one query takes: a wall trend draws at most 12 meters (one history request each), an energy
 * channel names at most 50 departments (boards/charts/energyBinding).
 */
export const MAX_IDS: Record<QuerySource, number> = { meters: 12, departments: 50 };

export interface ChartQuery {
  source: QuerySource;
  ids: number[];
  /** Meters: a catalogue metric code; departments: DEPARTMENT_METRIC. */
  metric: string;
  /** Departments only: hour, day or month periods. */
  grain: RollupGrain;
  /** The first and the last chosen day (any time within them, epoch ms). */
  start: number;
  end: number;
  /** A spec §9 shortcut follows the clock: asked again later, it ends at that later "now". */
  shortcut: ShortcutKey | null;
  chartType: ChartType;
}
