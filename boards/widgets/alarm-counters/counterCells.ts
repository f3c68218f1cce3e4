import type { AlarmTotalCount } from '@shared/schemas/alarms';

export const COUNTER_KINDS = ['total', 'device', 'error', 'trouble', 'offline'] as const;
export type CounterKind = (typeof COUNTER_KINDS)[number];

/** The catalogue key of each counter's label: the alarm kinds reuse the alarms screens' texts. */
export const COUNTER_LABEL_KEYS: Readonly<Record<CounterKind, string>> = {
  total: 'liveWidgets.alarmCounters.total',
  device: 'alarms.kind.device',
  error: 'alarms.kind.error',
  trouble: 'alarms.kind.trouble',
  offline: 'alarms.kind.offline',
};

/** The colour of a counter above zero (zero stays in the theme's text colour). */
export const COUNTER_COLOURS: Readonly<Record<CounterKind, string>> = {
  total: '#ff4d4f',
  device: '#ff7a45',
  error: '#f0b429',
  trouble: '#ff4d4f',
  offline: '#b37feb',
};

export interface CounterCell {
  kind: CounterKind;
  count: number | null;
}

/** The counters shown, in the options' order; null counts when no snapshot arrived yet. */
export function counterCells(counts: AlarmTotalCount | undefined, kinds: readonly CounterKind[]): CounterCell[] {
  const of: Record<CounterKind, keyof AlarmTotalCount> = {
    total: 'total',
    device: 'deviceCount',
    error: 'errorCount',
    trouble: 'troubleCount',
    offline: 'offlineCount',
  };
  return kinds.map((kind) => {
    const value = counts?.[of[kind]];
    return { kind, count: typeof value === 'number' && Number.isFinite(value) ? value : null };
  });
}

/** Columns × rows that fit the cells in a tile with the largest square-ish cells. */
export function counterGrid(cells: number, width: number, height: number): { columns: number; rows: number } {
  let best = { columns: 1, rows: Math.max(1, cells), size: 0 };
  for (let columns = 1; columns <= Math.max(1, cells); columns++) {
    const rows = Math.ceil(cells / columns);
    const size = Math.min(width / columns, (height / rows) * 1.6);
    if (size > best.size) best = { columns, rows, size };
  }
  return { columns: best.columns, rows: best.rows };
}
